package dev.switchboard.e2e.support;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A connection to a server's attach socket ({@code <state>/attach/<key>.sock}), speaking the hello frame and then,
 * for a session, JSON-RPC lines: what the thin attach client does, without relaying. Reads block; callers bound them
 * with {@code @Timeout}.
 */
public final class AttachSocket implements AutoCloseable {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final SocketChannel channel;
    private final OutputStream out;
    private final BufferedReader in;

    private AttachSocket(SocketChannel channel) {
        this.channel = channel;
        this.out = Channels.newOutputStream(channel);
        this.in = new BufferedReader(new InputStreamReader(Channels.newInputStream(channel), StandardCharsets.UTF_8));
    }

    /**
     * @param stateDir a state directory
     * @param timeout  how long to wait
     * @return the one socket file in its attach directory, once there is one
     * @throws AssertionError if none appears in time
     */
    public static Path awaitSocket(Path stateDir, Duration timeout) throws InterruptedException {
        Path directory = stateDir.resolve("attach");
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            List<Path> sockets = sockets(directory);
            if (sockets.size() == 1 && Files.exists(jsonOf(sockets.get(0)))) {
                return sockets.get(0);
            }
            Thread.sleep(50);
        }
        throw new AssertionError("no attach socket with its description in " + directory + " within " + timeout);
    }

    /** @return the socket files in {@code directory}, none when it does not exist */
    public static List<Path> sockets(Path directory) {
        if (!Files.isDirectory(directory)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(directory)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".sock"))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** @return the description {@code <key>.json} beside a socket */
    public static Path jsonOf(Path socket) {
        String name = socket.getFileName().toString();
        return socket.resolveSibling(name.substring(0, name.length() - ".sock".length()) + ".json");
    }

    /** Connects and says hello as a session from the test's own process; fails unless the server says ok. */
    public static AttachSocket session(Path socket, Map<String, String> env) throws IOException {
        AttachSocket attach = connect(socket);
        JsonNode answer = attach.hello("session", env);
        if (!answer.path("ok").asBoolean()) {
            throw new AssertionError("the server refused the session: " + answer);
        }
        return attach;
    }

    /** Connects, sends a hello of {@code kind} ({@code status}, {@code stop}, {@code drain}), returns the answer. */
    public static JsonNode request(Path socket, String kind) throws IOException {
        try (AttachSocket attach = connect(socket)) {
            return attach.hello(kind, Map.of());
        }
    }

    /** Connects without saying anything. */
    public static AttachSocket connect(Path socket) throws IOException {
        SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX);
        channel.connect(UnixDomainSocketAddress.of(socket));
        return new AttachSocket(channel);
    }

    /** Sends a hello of {@code kind} with {@code env} and returns the server's answer line. */
    public JsonNode hello(String kind, Map<String, String> env) throws IOException {
        Map<String, Object> hello = new LinkedHashMap<>();
        hello.put("attach", 1);
        hello.put("kind", kind);
        hello.put("build", "test");
        hello.put("pid", ProcessHandle.current().pid());
        hello.put("cwd", Path.of("").toAbsolutePath().toString());
        hello.put("env", env);
        send(JSON.writeValueAsString(hello));
        return next();
    }

    /** Sends one line. */
    public void send(String line) throws IOException {
        out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    /** @return the next line as JSON; fails when the server closed the socket */
    public JsonNode next() throws IOException {
        String line = in.readLine();
        if (line == null) {
            throw new AssertionError("the server closed the socket");
        }
        return JSON.readTree(line);
    }

    /** @return the next line, or null once the server closed the socket */
    public String nextLine() throws IOException {
        return in.readLine();
    }

    /** Initializes the MCP session (initialize, notifications/initialized) and returns the initialize answer. */
    public JsonNode initialize() throws IOException {
        send("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-11-25\","
                + "\"capabilities\":{},\"clientInfo\":{\"name\":\"attach-test\",\"version\":\"1\"}}}");
        JsonNode answer = next();
        send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        return answer;
    }

    /** Shuts the socket's output down, as the attach client does when its stdin ends. */
    public void endInput() throws IOException {
        channel.shutdownOutput();
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
