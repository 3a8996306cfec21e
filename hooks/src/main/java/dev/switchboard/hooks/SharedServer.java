package dev.switchboard.hooks;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.io.UncheckedIOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.ObjectWriteContext;
import tools.jackson.core.json.JsonFactory;

import dev.switchboard.kernel.attach.AttachKey;
import dev.switchboard.kernel.attach.AttachPaths;
import dev.switchboard.kernel.config.SwitchboardConfig;
import dev.switchboard.kernel.core.BuildInfo;

/**
 * Asks the running shared server of this user, state directory and configuration (ADR 32's key, so never a server of
 * another build or configuration) to answer a hook or {@code status} command line (ADR 41): one {@code command} hello
 * on its attach socket, {@code {"attach":1,"kind":"command","build","pid","cwd","env","args":[...],"stdin":"..."}},
 * and one answer line, {@code "answered":true} with {@code exit}, {@code out} and {@code err}, which the caller
 * prints. Never starts a server. Declines (the caller then runs the direct path, with the standard input this read)
 * when {@code kernel.attach} is false, no socket file exists, the connection is refused or breaks, the server does not
 * know the frame or declines the command line, or it has not answered within {@link #ANSWER_MILLIS} ms of the
 * connection's start (a hung server, or one stopped with SIGSTOP, whose socket still accepts). Reads
 * standard input only for {@code hook stop} (a hook's JSON, at most {@link #MAX_INPUT} bytes of UTF-8; more, or other
 * bytes, decline). jackson-core's streaming API only. Stateless.
 */
final class SharedServer {

    /** The most of standard input sent to the server, bytes. */
    static final int MAX_INPUT = 512 * 1024;

    /** The most of an answer line read, bytes. */
    static final int MAX_ANSWER = 64 * 1024 * 1024;

    /**
     * How long the whole attempt may take, connecting included, milliseconds: a hook must never hang on a server that
     * stopped answering, and the direct path after it (well under a second on a warm store) must still fit within
     * the Stop hook's 10 s timeout that {@code hook print-config} writes.
     */
    static final long ANSWER_MILLIS = 2_500;

    private static final JsonFactory JSON = new JsonFactory();

    /**
     * What asking gave.
     *
     * @param exit  the command's exit status, when the server answered
     * @param out   its standard output, when answered
     * @param err   its standard error, when answered
     * @param input the standard input for the direct path when declined: what this read of it, then the rest
     */
    record Answer(Optional<Integer> exit, String out, String err, InputStream input) {}

    private SharedServer() {}

    /**
     * @param in this process's standard input, untouched
     * @return the answer that sends the caller to the direct path with that input
     */
    static Answer declined(InputStream in) {
        return new Answer(Optional.empty(), "", "", in);
    }

    /**
     * @param config      the configuration, read by the kernel's rules
     * @param args        the command line
     * @param environment this process's environment (the session's identity)
     * @param cwd         this process's working directory, absolute
     * @param in          this process's standard input
     * @return the server's answer, or a declined one whose {@code input} replaces standard input
     */
    static Answer ask(
            SwitchboardConfig config, List<String> args, Map<String, String> environment, Path cwd, InputStream in) {
        Answer declined = declined(in);
        if (!config.kernel().attach()) {
            return declined;
        }
        Path socket;
        try {
            BuildInfo info = BuildInfo.current();
            String key = AttachKey.of(config, info.version() + "@" + info.buildTime());
            socket = AttachPaths.of(config.kernel().stateDir(), key).socket();
        } catch (UncheckedIOException | IllegalArgumentException e) {
            return declined;
        }
        if (!Files.exists(socket)) {
            return declined;
        }
        try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            // from before the connect: a server whose backlog is full blocks the connect too
            Thread deadline = Thread.ofPlatform()
                    .daemon()
                    .name("switchboard-hook-deadline")
                    .start(() -> closeAfter(channel));
            try {
                return exchange(channel, socket, args, environment, cwd, in, declined);
            } finally {
                deadline.interrupt();
            }
        } catch (IOException | JacksonException e) {
            return declined;
        }
    }

    /** Connects, sends the command and reads the answer; the caller's deadline closes the channel when late. */
    private static Answer exchange(
            SocketChannel channel,
            Path socket,
            List<String> args,
            Map<String, String> environment,
            Path cwd,
            InputStream in,
            Answer declined)
            throws IOException {
        try {
            channel.connect(UnixDomainSocketAddress.of(socket));
            // standard input only now that a server took the connection; the rest of it follows what this read
            byte[] input = args.equals(List.of("hook", "stop")) ? in.readNBytes(MAX_INPUT + 1) : new byte[0];
            if (input.length > 0) {
                declined = new Answer(
                        Optional.empty(), "", "", new SequenceInputStream(new ByteArrayInputStream(input), in));
            }
            Optional<String> text = input.length > MAX_INPUT ? Optional.empty() : utf8(input);
            if (text.isEmpty()) {
                return declined;
            }
            try {
                write(channel, hello(args, environment, cwd, text.get()));
                Optional<Answer> answer = read(channel);
                return answer.isPresent() ? answer.get() : declined;
            } catch (IOException | JacksonException e) {
                return declined;
            }
        } catch (IOException e) {
            return declined;
        }
    }

    private static byte[] hello(List<String> args, Map<String, String> environment, Path cwd, String input) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(8192);
        try (JsonGenerator json = JSON.createGenerator(ObjectWriteContext.empty(), bytes)) {
            BuildInfo info = BuildInfo.current();
            json.writeStartObject();
            json.writeNumberProperty("attach", 1);
            json.writeStringProperty("kind", "command");
            json.writeStringProperty("build", info.version() + "@" + info.buildTime());
            json.writeNumberProperty("pid", ProcessHandle.current().pid());
            json.writeStringProperty("cwd", cwd.toString());
            json.writeName("env");
            json.writeStartObject();
            for (Map.Entry<String, String> variable : environment.entrySet()) {
                json.writeStringProperty(variable.getKey(), variable.getValue());
            }
            json.writeEndObject();
            json.writeName("args");
            json.writeStartArray();
            for (String word : args) {
                json.writeString(word);
            }
            json.writeEndArray();
            json.writeStringProperty("stdin", input);
            json.writeEndObject();
        }
        bytes.write('\n');
        return bytes.toByteArray();
    }

    private static void write(SocketChannel channel, byte[] line) throws IOException {
        ByteBuffer buffer = ByteBuffer.wrap(line);
        while (buffer.hasRemaining()) {
            channel.write(buffer);
        }
    }

    /** @return the answer, or empty when the server refused the hello or declined the command */
    private static Optional<Answer> read(SocketChannel channel) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream(1024);
        ByteBuffer buffer = ByteBuffer.allocate(16 * 1024);
        while (true) {
            buffer.clear();
            int read = channel.read(buffer);
            if (read < 0) {
                return Optional.empty(); // closed before a whole line: an old server, or one that stopped
            }
            for (int i = 0; i < read; i++) {
                if (buffer.get(i) == '\n') {
                    line.write(buffer.array(), 0, i);
                    return parse(line.toByteArray());
                }
            }
            line.write(buffer.array(), 0, read);
            if (line.size() > MAX_ANSWER) {
                return Optional.empty();
            }
        }
    }

    private static Optional<Answer> parse(byte[] line) {
        boolean ok = false;
        boolean answered = false;
        Integer exit = null;
        String out = null;
        String err = null;
        try (JsonParser json = JSON.createParser(ObjectReadContext.empty(), line)) {
            if (json.nextToken() != JsonToken.START_OBJECT) {
                return Optional.empty();
            }
            String name;
            while ((name = json.nextName()) != null) {
                JsonToken value = json.nextToken();
                switch (name) {
                    case "ok" -> ok = value == JsonToken.VALUE_TRUE;
                    case "answered" -> answered = value == JsonToken.VALUE_TRUE;
                    case "exit" -> exit = value == JsonToken.VALUE_NUMBER_INT ? json.getIntValue() : null;
                    case "out" -> out = value == JsonToken.VALUE_STRING ? json.getString() : null;
                    case "err" -> err = value == JsonToken.VALUE_STRING ? json.getString() : null;
                    default -> json.skipChildren();
                }
            }
        }
        if (!ok || !answered || exit == null || out == null || err == null) {
            return Optional.empty();
        }
        return Optional.of(new Answer(Optional.of(exit), out, err, InputStream.nullInputStream()));
    }

    private static Optional<String> utf8(byte[] bytes) {
        try {
            return Optional.of(StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString());
        } catch (CharacterCodingException e) {
            return Optional.empty();
        }
    }

    private static void closeAfter(SocketChannel channel) {
        try {
            TimeUnit.MILLISECONDS.sleep(ANSWER_MILLIS);
            channel.close(); // the blocked read then ends, and the caller runs the direct path
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            // already closed
        }
    }
}
