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
 * Both MCP eras on one stdio connection (issue 24 item 1): a request whose {@code _meta} claims 2026-07-28, or a
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
