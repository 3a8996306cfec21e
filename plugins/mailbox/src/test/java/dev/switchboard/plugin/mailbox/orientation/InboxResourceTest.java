package dev.switchboard.plugin.mailbox.orientation;

import static dev.switchboard.plugin.mailbox.MailboxHarness.args;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;

import dev.switchboard.plugin.mailbox.MailboxHarness;
import dev.switchboard.plugin.mailbox.MailboxModule;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.content.ResourceContents;
import dev.switchboard.testkit.plugin.ExtensionIndex;

@ParameterizedClass(name = "on {0}")
@ValueSource(strings = {"sqlite", "postgres"})
class InboxResourceTest {

    private static final String INBOX = "mailbox://local/inbox/frontend";

    @Parameter
    String backend;

    @TempDir
    Path dir;

    @Test
    @DisplayName("the role's inbox is a resource; a new actionable item committed by another server sends an update")
    void aNewItemUpdatesTheSubscribedInbox() throws InterruptedException {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            List<String> updated = new CopyOnWriteArrayList<>();
            frontend.bed().resources().addUpdateListener(updated::add);
            MailboxHarness backendRole = frontend.as("backend");
            assertThat(frontend.bed().resources().resources())
                    .anySatisfy(resource -> assertThat(resource.uri()).isEqualTo(INBOX));
            Thread.sleep(500);

            frontend.send("backend", "to backend", "not for frontend's inbox");
            Thread.sleep(400);
            assertThat(updated).isEmpty();
            backendRole.send(args("to", "frontend", "topic", "for you", "body", "x", "action_required", true));

            long deadline = System.nanoTime() + 5_000_000_000L;
            while (updated.isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertThat(updated).containsOnly(INBOX);
            String text = ((ResourceContents.TextContents) frontend.bed()
                            .resources()
                            .read(INBOX, Principal.LOCAL_OWNER)
                            .orElseThrow()
                            .getFirst())
                    .text();
            assertThat(text).contains("\"unread\":1").contains("\"open_obligations_untaken\":1");
        }
    }

    @Test
    @DisplayName("only the caller's own inbox can be read")
    void anotherRolesInboxIsNotServed() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            assertThat(frontend.bed().resources().read("mailbox://local/inbox/backend", Principal.LOCAL_OWNER))
                    .isEmpty();
            assertThat(frontend.bed().resources().read(INBOX, Principal.LOCAL_OWNER))
                    .isPresent();
        }
    }

    @Test
    @DisplayName("listing and reading the inbox resource at session start is not presence: last_seen counts tool calls")
    @SuppressWarnings("unchecked")
    void readingTheInboxResourceIsNotPresence() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            frontend.bed().resources().resources();
            frontend.bed().resources().read(INBOX, Principal.LOCAL_OWNER);

            Map<String, Object> roles = frontend.as("backend").ok("list_roles", Map.of());

            assertThat((Map<String, String>) roles.get("last_seen")).containsOnlyKeys("backend");
        }
    }

    @Test
    void theExtensionIndexListsEveryExtension() {
        ExtensionIndex.of(MailboxModule.class).assertListsEveryExtension();
    }
}
