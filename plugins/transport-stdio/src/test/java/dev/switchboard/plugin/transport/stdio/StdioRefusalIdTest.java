package dev.switchboard.plugin.transport.stdio;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.ports.plugin.PluginContext;
import dev.switchboard.ports.tool.ToolResult;
import dev.switchboard.testkit.transport.FakeTransportContext;

/**
 * The errors the stdio transport (and the attach socket, which shares its rules) answers itself carry the request's id
 * whenever it can be read (the bridge's {@code RefusalIds}, one rule with HTTP), and {@code null} where it cannot.
 */
class StdioRefusalIdTest {

    @TempDir
    Path state;

    private final FakeTransportContext context = FakeTransportContext.plain();
    private PipedClient client;
    private AttachTransport attach;

    @AfterEach
    void stop() throws Exception {
        if (client != null) {
            client.close();
        }
        if (attach != null) {
            attach.stop();
        }
    }

    private PipedClient started() throws Exception {
        client = new PipedClient();
        client.transport().start(context.with(List.of("echo"), call -> ToolResult.text("echo")));
        return client;
    }

    @Test
    void aRequestRefusedForItsShapeOrItsTimingIsAnsweredWithItsId() throws Exception {
        PipedClient stdio = started();

        stdio.send("{\"jsonrpc\":\"2.0\",\"id\":\"early\",\"method\":\"tools/list\"}");
        Map<String, Object> beforeInitialize = stdio.next();
        stdio.initialize();
        stdio.send("{\"jsonrpc\":\"1.0\",\"id\":11,\"method\":\"ping\"}");
        Map<String, Object> wrongVersion = stdio.next();
        stdio.send("{\"jsonrpc\":\"2.0\",\"id\":12,\"method\":7}");
        Map<String, Object> methodNotAString = stdio.next();

        assertThat(beforeInitialize).containsEntry("id", "early").containsKey("error");
        assertThat(wrongVersion).containsEntry("id", 11).containsKey("error");
        assertThat(methodNotAString).containsEntry("id", 12).containsKey("error");
    }

    @Test
    void anOversizedLineIsAnsweredWithItsIdOnlyWhenItsStartShowsARequest() throws Exception {
        PipedClient stdio = started();
        stdio.initialize();

        stdio.sendBytes(oversized("{\"jsonrpc\":\"2.0\",\"id\":21,\"method\":\"tools/call\",\"params\":{\"text\":\""));
        Map<String, Object> request = stdio.next();
        stdio.sendBytes(oversized("{\"jsonrpc\":\"2.0\",\"id\":22,\"result\":{\"text\":\""));
        Map<String, Object> response = stdio.next();

        assertThat(request).containsEntry("id", 21).containsKey("error");
        assertThat(response)
                .as("never answered as if it were the answer to the client's own request 22")
                .containsEntry("id", null)
                .containsKey("error");
    }

    @Test
    void whatNamesNoRequestIsAnsweredWithANullId() throws Exception {
        PipedClient stdio = started();
        stdio.initialize();

        stdio.send("{\"jsonrpc\":\"2.0\",\"id\":31,\"method\":\"ping\"");
        Map<String, Object> unparseable = stdio.next();
        stdio.send("[{\"jsonrpc\":\"2.0\",\"id\":32,\"method\":\"ping\"}]");
        Map<String, Object> batch = stdio.next();

        assertThat(unparseable).containsEntry("id", null).containsKey("error");
        assertThat(batch).as("batches are not part of 2025-11-25").containsEntry("id", null);
    }

    @Test
    void theAttachSocketAnswersARefusedRequestWithItsIdAsStdioDoes() throws Exception {
        Path socket = state.resolve("k.sock");
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("socket", socket.toString());
        settings.put("shared", false);
        settings.put("build", "1.0@test");
        settings.put("key", "0123456789abcdef");
        settings.put("transports", List.of("attach"));
        attach = new AttachTransport(
                new PluginContext("transport-stdio", Map.of("shared-idle-s", 0, "attach", settings), state));
        attach.start(context.with(List.of("echo"), call -> ToolResult.text("echo")));
        try (SocketClient session = SocketClient.session(socket, Map.of())) {
            session.initialize();

            session.sendLine("{\"jsonrpc\":\"1.0\",\"id\":\"sock-1\",\"method\":\"ping\"}");
            Map<String, Object> wrongVersion = session.next();
            session.sendLine("{\"jsonrpc\":\"2.0\",\"id\":\"sock-2\",\"method\":\"ping\"");
            Map<String, Object> unparseable = session.next();

            assertThat(wrongVersion).containsEntry("id", "sock-1").containsKey("error");
            assertThat(unparseable).containsEntry("id", null).containsKey("error");
        }
    }

    private static byte[] oversized(String start) {
        byte[] line = new byte[StdioSession.MAX_LINE_BYTES + 1024];
        Arrays.fill(line, (byte) 'a');
        byte[] head = start.getBytes(StandardCharsets.UTF_8);
        System.arraycopy(head, 0, line, 0, head.length);
        return line;
    }
}
