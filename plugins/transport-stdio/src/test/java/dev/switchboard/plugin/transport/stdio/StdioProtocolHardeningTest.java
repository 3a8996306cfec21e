package dev.switchboard.plugin.transport.stdio;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.switchboard.bridge.mcp.transport.ProtocolRules;
import dev.switchboard.bridge.mcp.transport.WronglyShapedParams;
import dev.switchboard.ports.tool.ToolResult;
import dev.switchboard.testkit.transport.FakeTransportContext;

/**
 * Replays of bugs published against other MCP servers and SDKs, on the real stdio transport: each malformed message
 * gets the error class it deserves, with the caller's id wherever it can be read.
 */
class StdioProtocolHardeningTest {

    private final FakeTransportContext context = FakeTransportContext.plain();
    private final AtomicInteger invocations = new AtomicInteger();
    private PipedClient client;

    @BeforeEach
    void start() throws Exception {
        client = new PipedClient();
        client.transport().start(context.with(List.of("echo"), call -> {
            invocations.incrementAndGet();
            return ToolResult.text("echo");
        }));
    }

    @AfterEach
    void stop() throws Exception {
        client.close();
    }

    @Test
    void invalidUtf8IsAParseError() throws Exception {
        client.initialize();
        byte[] line = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"x\":\"?\"}".getBytes(StandardCharsets.UTF_8);
        line[line.length - 3] = (byte) 0xFF;

        client.sendBytes(line);

        assertThat(error(client.next())).containsEntry("code", -32700);
    }

    @Test
    void aDuplicateKeyIsRefusedAndNeitherMethodRuns() throws Exception {
        client.initialize();

        client.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\",\"method\":\"tools/call\","
                + "\"params\":{\"name\":\"echo\",\"arguments\":{}}}");

        assertThat(error(client.next())).containsEntry("code", -32700);
        assertThat(invocations).hasValue(0);
    }

    @Test
    void anOversizedLineIsAnsweredWithTheIdFoundAtItsStart() throws Exception {
        client.initialize();
        byte[] filler = new byte[StdioSession.MAX_LINE_BYTES + 1024];
        Arrays.fill(filler, (byte) 'a');
        String start = "{\"jsonrpc\":\"2.0\",\"id\":\"big-1\",\"method\":\"tools/call\",\"params\":{\"name\":\"echo\","
                + "\"arguments\":{\"text\":\"";
        System.arraycopy(start.getBytes(StandardCharsets.UTF_8), 0, filler, 0, start.length());

        client.sendBytes(filler);

        Map<String, Object> answer = client.next();
        assertThat(answer).containsEntry("id", "big-1");
        assertThat(error(answer)).containsEntry("code", -32600);
        assertThat((String) error(answer).get("message")).contains(String.valueOf(StdioSession.MAX_LINE_BYTES));
    }

    @Test
    void aBatchOn20250326IsAnsweredAsOneArray() throws Exception {
        client.initialize("2025-03-26");

        client.send("[{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"ping\"},{\"jsonrpc\":\"2.0\",\"id\":6,"
                + "\"method\":\"tools/call\",\"params\":{\"name\":\"echo\",\"arguments\":{}}},"
                + "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{\"progressToken\":1,"
                + "\"progress\":1}}]");

        List<Object> ids = McpJson.array(client.nextRaw()).stream()
                .<Object>map(a -> ((Map<?, ?>) a).get("id"))
                .toList();
        assertThat(ids).containsExactlyInAnyOrder(5, 6);
    }

    @Test
    void aBatchIsRefusedOnAVersionWithoutBatchesAndBeyondTheCap() throws Exception {
        client.initialize();
        client.send("[{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"ping\"}]");
        assertThat(error(client.next())).containsEntry("code", -32600);

        String tooMany = IntStream.rangeClosed(1, ProtocolRules.MAX_BATCH + 1)
                .mapToObj(id -> "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"ping\"}")
                .collect(Collectors.joining(",", "[", "]"));
        client.send(tooMany);
        assertThat((String) error(client.next()).get("message")).contains("at most " + ProtocolRules.MAX_BATCH);
    }

    @Test
    void anUnknownLoggingLevelIsInvalidParams() throws Exception {
        client.initialize();

        client.send("{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"logging/setLevel\",\"params\":{\"level\":\"loud\"}}");

        Map<String, Object> answer = client.next();
        assertThat(answer).containsEntry("id", 8);
        assertThat(error(answer)).containsEntry("code", -32602);
    }

    @Test
    void paramsOfTheWrongShapeAreInvalidParamsForEveryMethod() throws Exception {
        client.initialize();
        List<String> requests = WronglyShapedParams.requests(100);

        for (String request : requests) {
            client.send(request);
            Map<String, Object> answer = client.next();
            assertThat(answer)
                    .as(request)
                    .containsEntry(
                            "id", ((Map<?, ?>) PipedClient.parse(request.getBytes(StandardCharsets.UTF_8))).get("id"));
            assertThat(error(answer)).as(request).containsEntry("code", -32602);
        }
        assertThat(requests).hasSizeGreaterThan(60);
        assertThat(invocations).hasValue(0);
        client.send("{\"jsonrpc\":\"2.0\",\"id\":\"after\",\"method\":\"tools/list\",\"params\":{}}");
        assertThat(client.next()).containsEntry("id", "after").containsKey("result");
    }

    @Test
    void aMalformedResponseIsRefusedWithAnErrorThatCarriesNoIdAsOverHttp() throws Exception {
        client.initialize();
        for (String message : List.of(
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":\"x\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":\"x\",\"message\":[]}}",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{},\"error\":{\"code\":1,\"message\":\"m\"}}")) {
            client.send(message);

            Map<String, Object> answer = client.next();
            assertThat(answer).as(message).containsEntry("id", null);
            assertThat(error(answer)).as(message).containsEntry("code", -32600);
        }
        assertThat(invocations).hasValue(0);
    }

    @Test
    void anUnknownToolIsAJsonRpcErrorWhoseMessageNamesTheTool() throws Exception {
        client.initialize();

        client.send("{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"tools/call\",\"params\":{\"name\":\"no_such_tool\","
                + "\"arguments\":{}}}");

        Map<String, Object> answer = client.next();
        assertThat(error(answer)).containsEntry("code", -32602);
        assertThat((String) error(answer).get("message")).contains("no_such_tool");
    }

    @Test
    void neverAsksRootsOfAClientThatDidNotDeclareThem() throws Exception {
        client.initialize();

        client.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/roots/list_changed\"}");
        client.send("{\"jsonrpc\":\"2.0\",\"id\":10,\"method\":\"ping\"}");

        assertThat(client.next())
                .as("the next message, not a roots/list request")
                .containsEntry("id", 10)
                .doesNotContainKey("method");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> error(Map<String, Object> answer) {
        assertThat(answer).containsKey("error");
        return (Map<String, Object>) answer.get("error");
    }

    /** Reads a JSON array line. */
    private static final class McpJson {
        static List<?> array(byte[] line) throws java.io.IOException {
            return dev.switchboard.bridge.mcp.McpServerAssembly.jsonMapper().readValue(line, List.class);
        }
    }
}
