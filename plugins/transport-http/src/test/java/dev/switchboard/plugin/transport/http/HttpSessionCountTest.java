package dev.switchboard.plugin.transport.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.OptionalInt;

import org.junit.jupiter.api.Test;

import dev.switchboard.ports.tool.ToolResult;

class HttpSessionCountTest {

    @Test
    void openSessionsCountsInitializedSessionsUntilTheyAreDeleted() throws Exception {
        HttpTransport idle = new HttpTransport(null);
        assertThat(idle.openSessions()).isEqualTo(OptionalInt.empty());
        try (TestServer server = TestServer.start(Callers.fake().with(List.of("echo"), call -> ToolResult.text("x")))) {
            String first = server.initialize(Callers.ALICE_TOKEN);
            server.initialize(Callers.ALICE_TOKEN);
            assertThat(server.transport.openSessions()).isEqualTo(OptionalInt.of(2));

            RawHttp.request("DELETE", "/mcp")
                    .header("Authorization", "Bearer " + Callers.ALICE_TOKEN)
                    .header("Mcp-Session-Id", first)
                    .header("MCP-Protocol-Version", TestServer.VERSION)
                    .send(server.port);

            assertThat(server.transport.openSessions()).isEqualTo(OptionalInt.of(1));
        }
    }
}
