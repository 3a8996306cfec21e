package dev.switchboard.plugin.transport.stdio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.Pipe;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import io.modelcontextprotocol.json.TypeRef;

import dev.switchboard.bridge.mcp.McpServerAssembly;

/**
 * The client end of two OS pipes connected to a {@link StdioTransport}: writes raw lines to its stdin, collects the
 * raw bytes of each line it writes to its stdout. (java.io's piped streams break when a writing thread ends, and the
 * transport writes from short-lived virtual threads.)
 */
final class PipedClient implements AutoCloseable {

    private static final byte[] END = new byte[0];

    private final OutputStream toServer;
    private final BlockingQueue<byte[]> lines = new LinkedBlockingQueue<>();
    private final StdioTransport transport;

    PipedClient() throws IOException {
        Pipe clientToServer = Pipe.open();
        Pipe serverToClient = Pipe.open();
        toServer = Channels.newOutputStream(clientToServer.sink());
        transport = new StdioTransport(
                Channels.newInputStream(clientToServer.source()), Channels.newOutputStream(serverToClient.sink()));
        InputStream fromServer = new BufferedInputStream(Channels.newInputStream(serverToClient.source()));
        Thread.ofVirtual().start(() -> collect(fromServer));
    }

    StdioTransport transport() {
        return transport;
    }

    void send(String line) throws IOException {
        sendBytes(line.getBytes(StandardCharsets.UTF_8));
    }

    /** Sends {@code line} as is, then a newline. */
    void sendBytes(byte[] line) throws IOException {
        toServer.write(line);
        toServer.write('\n');
        toServer.flush();
    }

    /** Initializes the session the way a client does: initialize, then notifications/initialized. */
    Map<String, Object> initialize() throws IOException {
        return initialize("2025-11-25");
    }

    /** Initializes the session on protocol {@code version}, as {@link #initialize()} does. */
    Map<String, Object> initialize(String version) throws IOException {
        send("""
                {"jsonrpc":"2.0","id":"init","method":"initialize","params":{"protocolVersion":"%s",\
                "capabilities":{},"clientInfo":{"name":"test","version":"1"}}}""".formatted(version));
        Map<String, Object> answer = next();
        assertThat(answer).containsEntry("id", "init").containsKey("result");
        send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        return answer;
    }

    void closeInput() throws IOException {
        toServer.close();
    }

    /** @return the next line's raw bytes; fails after 10 s */
    byte[] nextRaw() {
        return nextRaw(Duration.ofSeconds(10));
    }

    /** @return the next line's raw bytes; fails after {@code wait} */
    byte[] nextRaw(Duration wait) {
        try {
            byte[] line = lines.poll(wait.toMillis(), TimeUnit.MILLISECONDS);
            if (line == null || line == END) {
                fail(line == null ? "no message from the server within " + wait : "the server closed its output");
            }
            return line;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    Map<String, Object> next() throws IOException {
        return parse(nextRaw());
    }

    /** @return true if the server closed its output within 10 s, with no further message */
    boolean outputClosed() throws InterruptedException {
        return lines.poll(10, TimeUnit.SECONDS) == END;
    }

    static Map<String, Object> parse(byte[] line) throws IOException {
        return McpServerAssembly.jsonMapper().readValue(line, new TypeRef<Map<String, Object>>() {});
    }

    private void collect(InputStream in) {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        try (in) {
            int b;
            while ((b = in.read()) != -1) {
                if (b == '\n') {
                    lines.add(line.toByteArray());
                    line.reset();
                } else {
                    line.write(b);
                }
            }
        } catch (IOException e) {
            // the pipe broke: treat as the end of output
        }
        lines.add(END);
    }

    @Override
    public void close() throws IOException {
        transport.stop();
        toServer.close();
    }
}
