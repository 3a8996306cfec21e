package dev.switchboard.plugin.transport.stdio;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.tool.ToolResult;
import dev.switchboard.testkit.transport.FakeTransportContext;

/**
 * Both MCP eras on one stdio connection: a request whose {@code _meta} claims 2026-07-28, or a
 * {@code server/discover}, is answered statelessly in one line with its id, without {@code initialize}, as the
 * process's caller; {@code initialize} still opens the legacy session.
 */
class StdioModernEraTest {

    private static final String META = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"%s\","
            + "\"io.modelcontextprotocol/clientCapabilities\":{},"
            + "\"io.modelcontextprotocol/clientInfo\":{\"name\":\"modern\",\"version\":\"1\"}}";

    private final FakeTransportContext context = FakeTransportContext.plain();
    private final List<Principal> callers = new CopyOnWriteArrayList<>();
    private PipedClient client;

    @BeforeEach
    void start() throws Exception {
        client = new PipedClient();
        client.transport().start(context.with(List.of("echo"), call -> {
            callers.add(call.principal());
            return ToolResult.text("echoed");
        }));
    }

    @AfterEach
    void stop() throws Exception {
        client.close();
    }

    @Test
    void serverDiscoverIsAnsweredWithoutInitialize() throws Exception {
        client.send("{\"jsonrpc\":\"2.0\",\"id\":\"d1\",\"method\":\"server/discover\",\"params\":{" + meta() + "}}");

        Map<String, Object> answer = client.next();

        assertThat(answer).containsEntry("id", "d1");
        Map<String, Object> result = result(answer);
        assertThat(result).containsKey("capabilities");
        assertThat(result)
                .extractingByKey("supportedVersions", InstanceOfAssertFactories.list(String.class))
                .startsWith("2026-07-28")
                .contains("2025-11-25");
        assertThat(map(result.get("_meta")))
                .extractingByKey("io.modelcontextprotocol/serverInfo", InstanceOfAssertFactories.MAP)
                .containsKey("name");
    }

    @Test
    void modernToolsListAndCallAreAnsweredWithoutInitializeAsTheSessionsCaller() throws Exception {
        client.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"params\":{" + meta() + "}}");
        Map<String, Object> list = client.next();
        assertThat(list).containsEntry("id", 1);
        assertThat(result(list))
                .extractingByKey("tools", InstanceOfAssertFactories.list(Map.class))
                .extracting(tool -> tool.get("name"))
                .containsExactly("echo");

        client.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"echo\","
                + "\"arguments\":{}," + meta() + "}}");
        Map<String, Object> call = client.next();

        assertThat(call).containsEntry("id", 2);
        assertThat(result(call))
                .containsEntry("isError", false)
                .extractingByKey("content", InstanceOfAssertFactories.list(Map.class))
                .extracting(content -> content.get("text"))
                .containsExactly("echoed");
        assertThat(callers).hasSize(1);

        client.initialize();
        client.send("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"echo\","
                + "\"arguments\":{}}}");
        assertThat(client.next()).containsEntry("id", 3);
        assertThat(callers).hasSize(2).allSatisfy(caller -> assertThat(caller).isEqualTo(callers.get(0)));
    }

    @Test
    void anUnsupportedClaimedVersionIsRefusedNamingTheSupportedOnes() throws Exception {
        client.send("{\"jsonrpc\":\"2.0\",\"id\":\"v\",\"method\":\"tools/list\",\"params\":{"
                + META.formatted("2099-01-01") + "}}");

        Map<String, Object> answer = client.next();

        assertThat(answer).containsEntry("id", "v");
        Map<String, Object> error = map(answer.get("error"));
        assertThat(error).containsEntry("code", -32022);
        Map<String, Object> data = map(error.get("data"));
        assertThat(data).containsEntry("requested", "2099-01-01");
        assertThat(data)
                .extractingByKey("supported", InstanceOfAssertFactories.list(String.class))
                .contains("2026-07-28");
        assertThat(callers).isEmpty();
    }

    @Test
    void aLegacySessionStillWorksAfterAModernRequest() throws Exception {
        client.send("{\"jsonrpc\":\"2.0\",\"id\":\"d\",\"method\":\"server/discover\",\"params\":{" + meta() + "}}");
        assertThat(client.next()).containsEntry("id", "d");
        client.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}");
        assertThat(map(client.next().get("error"))).containsEntry("code", -32600);

        Map<String, Object> init = client.initialize();

        assertThat(result(init)).containsEntry("protocolVersion", "2025-11-25");
        client.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"echo\","
                + "\"arguments\":{}}}");
        Map<String, Object> call = client.next();
        assertThat(call).containsEntry("id", 2);
        assertThat(result(call)).doesNotContainKey("resultType");
        client.send("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\",\"params\":{" + meta() + "}}");
        Map<String, Object> modern = client.next();
        assertThat(modern).containsEntry("id", 3);
        assertThat(result(modern)).containsEntry("resultType", "complete");
    }

    @Test
    void aNumericClaimedVersionIsInvalidParamsNotASessionRefusal() throws Exception {
        client.send("{\"jsonrpc\":\"2.0\",\"id\":\"n\",\"method\":\"tools/list\",\"params\":{\"_meta\":"
                + "{\"io.modelcontextprotocol/protocolVersion\":20260728}}}");

        Map<String, Object> answer = client.next();

        assertThat(answer).containsEntry("id", "n");
        Map<String, Object> error = map(answer.get("error"));
        assertThat(error).containsEntry("code", -32602);
        assertThat(error.get("message"))
                .isEqualTo("Invalid params: params._meta[\"io.modelcontextprotocol/protocolVersion\"] must be a string"
                        + " such as \"2026-07-28\", not a number");
    }

    @Test
    void aModernBatchIsRefusedAsNoPartOfTheEraWhateverTheLegacyPhase() throws Exception {
        String batch = "[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"params\":{" + meta() + "}}]";

        client.send(batch);
        Map<String, Object> before = client.next();
        client.initialize("2025-03-26");
        client.send(batch);
        Map<String, Object> after = client.next();

        for (Map<String, Object> answer : List.of(before, after)) {
            assertThat(answer).containsEntry("id", null);
            assertThat(map(answer.get("error")))
                    .containsEntry("code", -32600)
                    .containsEntry(
                            "message",
                            "Invalid Request: JSON-RPC batches are not part of protocol version 2026-07-28; send"
                                    + " each request on its own");
        }
        assertThat(callers).isEmpty();
    }

    @Test
    void aModernNotificationIsNeverAnsweredNorHandedToTheLegacySession() throws Exception {
        client.initialize();
        client.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\",\"params\":{" + meta() + "}}");
        client.send("{\"jsonrpc\":\"2.0\",\"id\":\"p\",\"method\":\"ping\"}");

        assertThat(client.next()).as("the next line answers the ping").containsEntry("id", "p");
    }

    @Test
    void aCursorTheServerNeverGaveIsAnInvalidCursorInBothEras() throws Exception {
        client.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"params\":{\"cursor\":\"abc\"," + meta()
                + "}}");
        Map<String, Object> modern = client.next();
        client.initialize();
        client.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\",\"params\":{\"cursor\":\"abc\"}}");
        Map<String, Object> legacy = client.next();

        assertThat(modern).containsEntry("id", 1);
        assertThat(legacy).containsEntry("id", 2);
        for (Map<String, Object> answer : List.of(modern, legacy)) {
            assertThat(map(answer.get("error")))
                    .containsEntry("code", -32602)
                    .extractingByKey("message")
                    .asString()
                    .startsWith("Invalid params: invalid cursor");
        }
    }

    private static String meta() {
        return META.formatted("2026-07-28");
    }

    private static Map<String, Object> result(Map<String, Object> answer) {
        assertThat(answer).containsKey("result");
        return map(answer.get("result"));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object value) {
        assertThat(value).isInstanceOf(Map.class);
        return (Map<String, Object>) value;
    }
}
