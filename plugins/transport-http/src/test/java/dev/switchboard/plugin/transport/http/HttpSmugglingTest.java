package dev.switchboard.plugin.transport.http;

import static dev.switchboard.plugin.transport.http.Callers.ALICE_TOKEN;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.switchboard.ports.tool.ToolResult;
import dev.switchboard.testkit.transport.FakeTransportContext;

/**
 * Request smuggling after an early refusal: the body a refused request declared is never parsed as a next request
 * on the same connection, because the connection is closed after the refusal.
 */
class HttpSmugglingTest {

    private final FakeTransportContext context = Callers.fake();
    private TestServer server;
    private String session;

    @BeforeEach
    void start() throws Exception {
        server = TestServer.start(context.with(List.of("echo"), call -> ToolResult.text("echo")));
        session = server.initialize(ALICE_TOKEN);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void aRequestHiddenInTheBodyOfA413IsNeverExecuted() throws Exception {
        for (long declared : new long[] {8_388_609L, 1L << 30}) {
            String smuggled = smuggledPing();
            String head = "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + server.port + "\r\n"
                    + "Authorization: Bearer " + ALICE_TOKEN + "\r\nMcp-Session-Id: " + session + "\r\n"
                    + "Accept: application/json, text/event-stream\r\nContent-Type: application/json\r\n"
                    + "MCP-Protocol-Version: " + TestServer.VERSION + "\r\nContent-Length: " + declared + "\r\n\r\n";
            try (Socket socket = new Socket("127.0.0.1", server.port)) {
                socket.setSoTimeout(10_000);
                OutputStream out = socket.getOutputStream();
                out.write((head + smuggled).getBytes(StandardCharsets.US_ASCII));
                out.flush();
                InputStream in = socket.getInputStream();

                RawHttp.Response refusal = RawHttp.read(in);

                assertThat(refusal.status()).as("declared %d", declared).isEqualTo(413);
                assertThat(refusal.header("connection")).isEqualToIgnoringCase("close");
                assertThat(rest(socket, in))
                        .as("bytes after the 413, then the end of the connection")
                        .isEqualTo("<closed>");
            }
        }
    }

    private String smuggledPing() {
        String ping = "{\"jsonrpc\":\"2.0\",\"id\":\"SMUGGLED\",\"method\":\"ping\"}";
        return "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + server.port + "\r\nAuthorization: Bearer " + ALICE_TOKEN
                + "\r\nMcp-Session-Id: " + session + "\r\nAccept: application/json, text/event-stream\r\n"
                + "Content-Type: application/json\r\nMCP-Protocol-Version: " + TestServer.VERSION + "\r\n"
                + "Content-Length: " + ping.length() + "\r\n\r\n" + ping;
    }

    /**
     * What the server sends within a few seconds, followed by {@code <closed>} if it closed the connection (a reset
     * counts as closed) or {@code <open>} if it kept it open.
     */
    private static String rest(Socket socket, InputStream in) throws IOException {
        socket.setSoTimeout(3_000);
        ByteArrayOutputStream received = new ByteArrayOutputStream();
        String end;
        try {
            int b;
            while ((b = in.read()) >= 0) {
                received.write(b);
            }
            end = "<closed>";
        } catch (SocketTimeoutException e) {
            end = "<open>";
        } catch (SocketException e) {
            end = "<closed>";
        }
        return received.toString(StandardCharsets.UTF_8) + end;
    }
}
