package dev.switchboard.plugin.transport.stdio;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import dev.switchboard.bridge.mcp.McpServerAssembly;

/**
 * A client of the attach socket, as the thin attach client talks to it: connects, sends a hello line, reads the
 * answer line, and for a session then sends and reads JSON-RPC lines. Reads block (the socket has no timeout; tests
 * bound them with JUnit's {@code @Timeout}).
 */
final class SocketClient implements AutoCloseable {

    private final SocketChannel channel;
    private final OutputStream out;
    private final BufferedReader in;

    private SocketClient(SocketChannel channel) {
        this.channel = channel;
        this.out = Channels.newOutputStream(channel);
        this.in = new BufferedReader(new InputStreamReader(Channels.newInputStream(channel), StandardCharsets.UTF_8));
    }

    static SocketClient connect(Path socket) throws IOException {
        SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX);
        channel.connect(UnixDomainSocketAddress.of(socket));
        return new SocketClient(channel);
    }

    /** Connects and says hello as a session with {@code env}; returns the client once the server said ok. */
    static SocketClient session(Path socket, Map<String, String> env) throws IOException {
        SocketClient client = connect(socket);
        Map<String, Object> answer = client.hello(hello("session", env));
        assertThat(answer).containsEntry("ok", true);
        return client;
    }

    /** Connects, sends a hello of {@code kind} (no session), and returns the answer. */
    static Map<String, Object> request(Path socket, String kind) throws IOException {
        try (SocketClient client = connect(socket)) {
            Map<String, Object> answer = client.hello(hello(kind, Map.of()));
            assertThat(client.readLine())
                    .as("the server closes after answering")
                    .isNull();
            return answer;
        }
    }

    static Map<String, Object> hello(String kind, Map<String, String> env) {
        Map<String, Object> hello = new LinkedHashMap<>();
        hello.put("attach", 1);
        hello.put("kind", kind);
        hello.put("build", "test@1");
        hello.put("pid", ProcessHandle.current().pid());
        hello.put("cwd", Path.of("").toAbsolutePath().toString());
        hello.put("env", env);
        return hello;
    }

    Map<String, Object> hello(Map<String, Object> hello) throws IOException {
        send(hello);
        String line = readLine();
        assertThat(line).as("the server's answer to the hello").isNotNull();
        return PipedClient.parse(line.getBytes(StandardCharsets.UTF_8));
    }

    void send(Object json) throws IOException {
        McpServerAssembly.writeJson(out, json);
        sendLine("");
    }

    void sendLine(String line) throws IOException {
        out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    String readLine() throws IOException {
        return in.readLine();
    }

    Map<String, Object> next() throws IOException {
        String line = readLine();
        assertThat(line).as("a message from the server").isNotNull();
        return PipedClient.parse(line.getBytes(StandardCharsets.UTF_8));
    }

    /** Initializes the MCP session: initialize, then notifications/initialized. */
    Map<String, Object> initialize() throws IOException {
        sendLine("""
                {"jsonrpc":"2.0","id":"init","method":"initialize","params":{"protocolVersion":"2025-11-25",\
                "capabilities":{},"clientInfo":{"name":"test","version":"1"}}}""");
        Map<String, Object> answer = next();
        assertThat(answer).containsEntry("id", "init").containsKey("result");
        sendLine("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        return answer;
    }

    /** Shuts the output down, as a client whose MCP client went away does; answers still arrive. */
    void endInput() throws IOException {
        channel.shutdownOutput();
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
