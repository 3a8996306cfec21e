package dev.switchboard.plugin.transport.stdio;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.tool.ToolResult;
import dev.switchboard.testkit.transport.FakeTransportContext;

/** ADR 18: tools/list shows a tool only to the callers its catalog lists it for; calls are not filtered. */
class PerCallerToolListTest {

    private PipedClient client;

    @AfterEach
    void stop() throws Exception {
        client.close();
    }

    @Test
    void aToolNotListedForTheCallerIsLeftOutOfToolsListButStillAnswersACall() throws Exception {
        FakeTransportContext context = FakeTransportContext.builder()
                .listedFor((name, caller) -> !(name.equals("hidden") && caller.equals(Principal.LOCAL_OWNER)))
                .build();
        client = new PipedClient();
        client.transport()
                .start(context.with(
                        List.of("shown", "hidden"), call -> ToolResult.text(call.toolName() + " answered")));
        client.initialize();

        client.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}");
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> tools =
                (List<Map<String, Object>>) ((Map<String, Object>) client.next().get("result")).get("tools");
        assertThat(tools).extracting(tool -> tool.get("name")).containsExactly("shown");

        client.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"hidden\","
                + "\"arguments\":{}}}");
        assertThat(client.next().toString()).contains("hidden answered");
        assertThat(context.invocations()).isEqualTo(1);
    }
}
