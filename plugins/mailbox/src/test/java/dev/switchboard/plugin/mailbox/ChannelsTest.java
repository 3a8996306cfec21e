package dev.switchboard.plugin.mailbox;

import static dev.switchboard.plugin.mailbox.MailboxHarness.args;
import static dev.switchboard.plugin.mailbox.MailboxHarness.ids;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;

import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolResult;
import dev.switchboard.testkit.ToolResults;

/** Channels are rows of one store: a principal's channel role selects its channel, and ids start at 1 in each. */
@ParameterizedClass(name = "on {0}")
@ValueSource(strings = {"sqlite", "postgres"})
class ChannelsTest {

    @Parameter
    String backend;

    @TempDir
    Path dir;

    @Test
    @DisplayName(
            "a channel-role principal acts in its own channel, whose message ids start at 1 beside the local channel's")
    void aChannelRolePrincipalHasItsOwnChannel() {
        try (MailboxHarness local = MailboxHarness.open(backend, dir, "frontend")) {
            local.send("backend", "local one", "b");
            local.send("backend", "local two", "b");

            Principal qa =
                    new Principal("token-qa", Principal.Kind.CHANNEL_ROLE, Map.of("channel", "team", "role", "qa"));
            Map<String, Object> sent =
                    ok(local, "send_message", args("to", "dev", "topic", "team one", "body", "b"), qa);
            assertThat(sent).containsEntry("id", 1L);

            Principal dev =
                    new Principal("token-dev", Principal.Kind.CHANNEL_ROLE, Map.of("channel", "team", "role", "dev"));
            assertThat(ids(ok(local, "read_inbox", args(), dev))).containsExactly(1L);
            assertThat(ids(local.as("backend").ok("read_inbox", args()))).containsExactly(1L, 2L);
            assertThat(local.bed().tools().listedFor("send_message", qa)).isTrue();
        }
    }

    private static Map<String, Object> ok(
            MailboxHarness harness, String tool, Map<String, Object> arguments, Principal principal) {
        ToolResult result = harness.bed().call(ToolCall.detached(tool, arguments, principal));
        return ToolResults.success(result, tool, arguments).structuredContent();
    }
}
