package dev.switchboard.plugin.mailbox.message;

import static dev.switchboard.plugin.mailbox.MailboxHarness.args;
import static dev.switchboard.plugin.mailbox.MailboxHarness.result;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.plugin.mailbox.MailboxHarness;
import dev.switchboard.ports.tool.ToolResult;

/** send_message's bound on the length of its {@code to} list, on SQLite: no row is read. */
class RecipientCapTest {

    @TempDir
    Path dir;

    private MailboxHarness frontend;

    @BeforeEach
    void open() {
        frontend = MailboxHarness.open("sqlite", dir, "frontend");
    }

    @AfterEach
    void close() {
        frontend.close();
    }

    @Test
    @DisplayName("a to list of 65 names is LIMIT_EXCEEDED naming the field, the cap and the count; nothing is sent")
    void aListOverTheCapIsRefusedAndNothingIsSent() {
        List<String> names = names(65);

        ToolResult.Failure refused = frontend.refused(
                "send_message", args("to", names, "topic", "t", "body", "b", "kind", "status"), "LIMIT_EXCEEDED");

        assertThat(refused.message()).startsWith("to: 65 recipients, more than the 64");
        assertThat(refused.details())
                .containsEntry("field", "to")
                .containsEntry("limit", 64)
                .containsEntry("given", 65);
        assertThat(result(frontend.ok("list_messages", args()))).isEmpty();
        assertThat(frontend.ok("list_roles", args()).get("roles").toString()).doesNotContain("role-1");
    }

    @Test
    @DisplayName("a to list of 100,000 names is refused as quickly as a short one, never expanded")
    void aHugeListIsRefusedWithoutWork() {
        ToolResult.Failure refused = frontend.refused(
                "send_message",
                args("to", names(100_000), "topic", "t", "body", "b", "kind", "status"),
                "LIMIT_EXCEEDED");

        assertThat(refused.details()).containsEntry("given", 100_000);
    }

    @Test
    @DisplayName("a list within the cap is sent as before")
    void aListWithinTheCapIsSent() {
        long id = frontend.send(args("to", List.of("backend", "infra"), "topic", "t", "body", "b", "kind", "status"));

        assertThat(id).isEqualTo(1L);
    }

    private static List<String> names(int count) {
        return IntStream.rangeClosed(1, count).mapToObj(i -> "role-" + i).toList();
    }
}
