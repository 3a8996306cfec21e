package dev.switchboard.plugin.mailbox.orientation;

import static dev.switchboard.plugin.mailbox.MailboxHarness.args;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;

import dev.switchboard.plugin.mailbox.MailboxHarness;
import dev.switchboard.plugin.mailbox.orientation.domain.MailboxRelease;

@ParameterizedClass(name = "on {0}")
@ValueSource(strings = {"sqlite", "postgres"})
class OrientationTest {

    @Parameter
    String backend;

    @TempDir
    Path dir;

    @SuppressWarnings("unchecked")
    private static Map<String, Object> server(Map<String, Object> status) {
        return (Map<String, Object>) status.get("server");
    }

    @Test
    @DisplayName("3C.127 whats_new on a role's first channel_status of a build, not on its second; another role's"
            + " first call has it")
    void whatsNewOncePerRolePerBuild() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            Map<String, Object> first = server(frontend.ok("channel_status", Map.of()));
            assertThat(first).containsEntry("build", MailboxRelease.BUILD).containsKey("whats_new");
            assertThat((List<?>) first.get("whats_new")).hasSize(MailboxRelease.WHATS_NEW.size());

            assertThat(server(frontend.ok("channel_status", Map.of())))
                    .containsEntry("build", MailboxRelease.BUILD)
                    .doesNotContainKey("whats_new");
            assertThat(server(frontend.as("backend").ok("channel_status", Map.of())))
                    .containsKey("whats_new");
        }
    }

    @Test
    @DisplayName("§1C.6 channel_status lists each pin's latest version with its headers, and each role's last_seen")
    @SuppressWarnings("unchecked")
    void channelStatusListsTheLatestVersionOfEachPinAndPresence() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            frontend.ok("pin_set", args("key", "notes", "title", "Notes", "version", "v1", "body", "first"));
            frontend.ok("pin_set", args("key", "notes", "title", "Notes", "version", "v2", "body", "héllo"));
            frontend.ok("pin_set", args("key", "alpha", "title", "Alpha", "version", "1", "body", "a"));

            Map<String, Object> status = frontend.ok("channel_status", Map.of());

            List<Map<String, Object>> pins = (List<Map<String, Object>>) status.get("pins");
            assertThat(pins).extracting(pin -> pin.get("key")).containsExactly("alpha", "notes");
            assertThat(pins.get(1))
                    .containsEntry("title", "Notes")
                    .containsEntry("version", "v2")
                    .containsEntry("updated_by", "frontend")
                    .containsEntry("approved_by", null)
                    .containsEntry("body_length_bytes", 6L)
                    .containsEntry("body_length_chars", 5L)
                    .containsKeys("updated_at", "body_sha256");
            assertThat((String) pins.get(1).get("body_sha256")).hasSize(64);
            assertThat((Map<String, String>) status.get("last_seen")).containsKey("frontend");
        }
    }

    @Test
    @DisplayName("§1C.6 channel_status has every counter, the three numbers, the six lists, pins and presence")
    @SuppressWarnings("unchecked")
    void theShapeOfChannelStatus() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            MailboxHarness backendRole = frontend.as("backend");
            frontend.send("backend", "one", "a");
            frontend.send("backend", "two", "b");
            frontend.send(args("to", "backend", "topic", "debt", "body", "c", "action_required", true));
            backendRole.ok("read_inbox", args("limit", 1));

            Map<String, Object> status = backendRole.ok("channel_status", Map.of());

            assertThat((Map<String, Object>) status.get("counts"))
                    .containsExactly(
                            Map.entry("unread", 3),
                            Map.entry("unopened", 2),
                            Map.entry("opened_unmarked", 1),
                            Map.entry("open_obligations", 1),
                            Map.entry("open_obligations_untaken", 1),
                            Map.entry("awaiting_ack", 0),
                            Map.entry("blocked", 0),
                            Map.entry("unblocked", 0),
                            Map.entry("in_progress", 0),
                            Map.entry("needs_you", 0),
                            Map.entry("awaiting_done", 0),
                            Map.entry("resolved_for_you", 0));
            assertThat(status)
                    .containsEntry("role", "backend")
                    .containsEntry("unread", 3)
                    .containsEntry("open_obligations", 1)
                    .containsEntry("awaiting_ack", 0)
                    .containsEntry("pins", List.of())
                    .containsKeys(
                            "blocked", "unblocked", "in_progress", "needs_you", "awaiting_done", "resolved_for_you");
            assertThat((Map<String, Object>) status.get("last_seen")).containsKeys("frontend", "backend");
        }
    }

    @Test
    @DisplayName("§1C.6 channel_status's unread counters leave out deleted messages, delivered or not, one recipient or"
            + " several, and count the rest per recipient")
    @SuppressWarnings("unchecked")
    void unreadCountersLeaveOutDeletedMessages() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            MailboxHarness backendRole = frontend.as("backend");
            MailboxHarness qa = frontend.as("qa");
            long first = frontend.send("backend", "one", "a");
            frontend.send("backend", "two", "b");
            long both =
                    frontend.send(args("to", List.of("backend", "qa"), "topic", "both", "body", "c", "kind", "status"));
            backendRole.ok("read_inbox", args("limit", 10));
            frontend.send("backend", "three", "d");
            long never = frontend.send("backend", "four", "e");
            frontend.ok("delete_message", args("message_id", first));
            frontend.ok("delete_message", args("message_id", both));
            frontend.ok("delete_message", args("message_id", never));

            assertThat((Map<String, Object>)
                            backendRole.ok("channel_status", Map.of()).get("counts"))
                    .containsEntry("unread", 2)
                    .containsEntry("unopened", 1)
                    .containsEntry("opened_unmarked", 1);
            assertThat((Map<String, Object>) qa.ok("channel_status", Map.of()).get("counts"))
                    .containsEntry("unread", 0)
                    .containsEntry("unopened", 0);
        }
    }

    @Test
    @DisplayName("3C.128 list_roles returns the roles seen in messages, source observed-in-messages, and presence")
    @SuppressWarnings("unchecked")
    void listRoles() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            frontend.send("backend", "hello", "hi");
            MailboxHarness infra = frontend.as("infra");

            Map<String, Object> roles = infra.ok("list_roles", Map.of());

            assertThat(roles)
                    .containsEntry("roles", List.of("backend", "frontend"))
                    .containsEntry("you", "infra")
                    .containsEntry("source", "observed-in-messages");
            assertThat((Map<String, String>) roles.get("last_seen"))
                    .containsKeys("frontend", "infra")
                    .allSatisfy((role, at) ->
                            assertThat(at).matches("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z"));
        }
    }

    @Test
    @DisplayName("server_build describes Switchboard's build: its version, every whats_new entry, shipped and not")
    void serverBuild() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            Map<String, Object> build = frontend.ok("server_build", Map.of());

            assertThat(build)
                    .containsEntry("build", MailboxRelease.BUILD)
                    .containsKeys("version", "shipped", "not_shipped", "whats_new");
            assertThat(build.get("version")).isNotEqualTo("unknown");
            assertThat((List<?>) build.get("whats_new")).hasSize(MailboxRelease.WHATS_NEW.size());
        }
    }

    @Test
    @DisplayName("get_protocol serves docs/mailbox-protocol.md exactly; get_charter_template a starter charter")
    void protocolAndCharter() throws IOException {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            String docs = Files.readString(Path.of("../../docs/mailbox-protocol.md"), StandardCharsets.UTF_8);

            assertThat(frontend.bed().text("get_protocol", Map.of())).isEqualTo(docs);
            assertThat(frontend.bed().text("get_charter_template", Map.of()))
                    .contains("## Ground rules")
                    .contains("10. ")
                    .contains("pin_key=\"team-charter\"");
        }
    }

    @Test
    @DisplayName("3C.78 orientation tools without a role refuse, naming both settings")
    void withoutARole() {
        try (MailboxHarness nobody = MailboxHarness.builder(backend, dir).open(null)) {
            for (String tool : List.of("channel_status", "list_roles", "server_build", "get_protocol")) {
                assertThat(nobody.refused(tool, Map.of(), "FORBIDDEN").message())
                        .contains("plugins.mailbox.role")
                        .contains("AI_AGENT_CHANNEL_ROLE");
            }
        }
    }
}
