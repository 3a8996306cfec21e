package dev.switchboard.plugin.mailbox.hosted;

import static dev.switchboard.plugin.mailbox.MailboxHarness.args;
import static dev.switchboard.plugin.mailbox.hosted.Hosted.OWNER;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;

import dev.switchboard.plugin.mailbox.MailboxHarness;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.resource.ResourceDescriptor;
import dev.switchboard.ports.resource.ResourceSubscription;
import dev.switchboard.ports.tool.ToolCatalog;
import dev.switchboard.ports.tool.ToolDescriptor;
import dev.switchboard.testkit.storage.TestDatabase;
import dev.switchboard.testkit.storage.TestPostgres;

/** Who may call and who sees which tools (behaviour 129, ADR 18's seam per principal), on both backends. */
@ParameterizedClass(name = "on {0}")
@ValueSource(strings = {"sqlite", "postgres"})
class HostedAccessTest {

    private static final Set<String> MANAGEMENT = Set.of(
            "create_channel",
            "list_channels",
            "add_role",
            "rotate_token",
            "board_link",
            "revoke_board_access",
            "delete_channel",
            "list_audit_events");

    @Parameter
    String backend;

    @TempDir
    Path dir;

    @Test
    @DisplayName("3C.129 a management tool called with a role token or in a stdio session is refused; a mailbox tool"
            + " called with the owner token is refused")
    void managementIsTheOwnersAndMailboxToolsAreTheRoles() {
        try (Proj proj = Proj.open(backend, dir, "local-role")) {
            MailboxHarness harness = proj.harness();
            Hosted hosted = proj.hosted();
            Principal a = proj.role("a");

            for (String tool : List.of("create_channel", "list_channels", "delete_channel", "list_audit_events")) {
                Map<String, Object> arguments = tool.equals("create_channel")
                        ? args("name", "x", "roles", List.of("a", "b"))
                        : tool.equals("delete_channel") ? args("name", "proj") : Map.of();
                assertThat(hosted.refused(a, tool, arguments, "FORBIDDEN").message())
                        .contains("not available");
                assertThat(hosted.refused(Principal.LOCAL_OWNER, tool, arguments, "FORBIDDEN")
                                .message())
                        .contains("local (stdio) session");
            }
            assertThat(hosted.refused(OWNER, "send_message", args("to", "b", "topic", "t", "body", "b"), "FORBIDDEN")
                            .message())
                    .contains("owner token administers hosted channels");
            hosted.refused(OWNER, "read_inbox", Map.of(), "FORBIDDEN");
            // the stdio session keeps its own local channel
            harness.ok("list_roles", Map.of());
        }
    }

    @Test
    @DisplayName("channel_status's whats_new tells a hosted role about its role token and a local session about"
            + " plugins.mailbox.role")
    void whatsNewIsWordedPerMode() {
        try (Proj proj = Proj.open(backend, dir, "local-role")) {
            MailboxHarness harness = proj.harness();
            Hosted hosted = proj.hosted();
            Principal a = proj.role("a");

            String hostedAdvice = firstAdvice(hosted.ok(a, "channel_status", Map.of()));
            String localAdvice = firstAdvice(harness.ok("channel_status", Map.of()));

            assertThat(hostedAdvice).contains("role token").doesNotContain("plugins.mailbox.role");
            assertThat(localAdvice).contains("plugins.mailbox.role");
        }
    }

    @Test
    @DisplayName("with plugins.mailbox.role set, a role token lists only its own inbox, and a new item for it sends"
            + " that inbox's update to its subscriber")
    void aRoleTokenListsAndIsNotifiedOfItsOwnInbox() throws InterruptedException {
        try (Proj proj = Proj.open(backend, dir, "local-role")) {
            MailboxHarness harness = proj.harness();
            Hosted hosted = proj.hosted();
            Principal a = proj.role("a");
            Principal b = proj.role("b");
            List<String> updated = new CopyOnWriteArrayList<>();
            harness.bed().resources().addUpdateListener(updated::add);

            assertThat(harness.bed().resources().resources(a))
                    .extracting(ResourceDescriptor::uri)
                    .containsExactly("mailbox://proj/inbox/a");
            assertThat(harness.bed().resources().resources(Principal.LOCAL_OWNER))
                    .extracting(ResourceDescriptor::uri)
                    .containsExactly("mailbox://local/inbox/local-role");
            try (ResourceSubscription subscribed = harness.bed().resources().follow("mailbox://proj/inbox/a", a)) {
                hosted.ok(b, "send_message", args("to", "a", "topic", "for a", "body", "x", "action_required", true));

                long deadline = System.nanoTime() + 5_000_000_000L;
                while (!updated.contains("mailbox://proj/inbox/a") && System.nanoTime() < deadline) {
                    Thread.sleep(20);
                }
            }
            assertThat(updated).contains("mailbox://proj/inbox/a").doesNotContain("mailbox://local/inbox/local-role");
        }
    }

    /**
     * A server on the test's store, the stdio session's role {@code localRole} (none when null), with the hosted
     * channel {@code proj} of roles {@code a} and {@code b}.
     */
    private record Proj(MailboxHarness harness, Hosted hosted, Map<String, String> tokens) implements AutoCloseable {

        static Proj open(String backend, Path dir, String localRole) {
            MailboxHarness harness = MailboxHarness.open(backend, dir, localRole);
            try {
                Hosted hosted = new Hosted(harness);
                return new Proj(harness, hosted, hosted.create("proj", "a", "b"));
            } catch (RuntimeException | Error e) {
                harness.close();
                throw e;
            }
        }

        /** @return the principal of a role's token */
        Principal role(String role) {
            return hosted.principal(tokens.get(role));
        }

        @Override
        public void close() {
            harness.close();
        }
    }

    private static String firstAdvice(Map<String, Object> status) {
        Map<?, ?> server = (Map<?, ?>) status.get("server");
        return (String) ((Map<?, ?>) ((List<?>) server.get("whats_new")).getFirst()).get("do");
    }

    @Test
    @DisplayName("a management tool refuses text that would be stored changed (a NUL, a lone surrogate), naming the"
            + " argument, and stores nothing")
    void managementToolsRefuseUnstorableText() {
        try (Proj proj = Proj.open(backend, dir, "local-role")) {
            MailboxHarness harness = proj.harness();
            Hosted hosted = proj.hosted();
            Principal a = proj.role("a");

            assertThat(hosted.refused(a, "board_link", args("label", "a\u0000b"), "INVALID_ARGUMENTS")
                            .message())
                    .contains("label");
            assertThat(hosted.refused(
                                    OWNER,
                                    "board_link",
                                    args("channel", "proj", "label", "\ud800"),
                                    "INVALID_ARGUMENTS")
                            .message())
                    .contains("label");
            assertThat(hosted.refused(
                                    OWNER, "add_role", args("channel", "proj", "role", "c\u0000"), "INVALID_ARGUMENTS")
                            .message())
                    .contains("role");
            assertThat(hosted.ok(OWNER, "list_audit_events", Map.of()).toString())
                    .doesNotContain("view:");
            // the caller check still comes first
            hosted.refused(a, "add_role", args("channel", "proj", "role", "c\u0000"), "FORBIDDEN");
        }
    }

    @Test
    @DisplayName("a local stdio session configured, later, with a hosted channel's name cannot act in it")
    void aLocalSessionCannotJoinAHostedChannel() {
        // create_channel refuses the local channel's own name, so the clash arises only when a server is
        // (re)configured afterwards: here a second server on the same store
        TestDatabase database = backend.equals("postgres") ? TestPostgres.database() : null;
        try (MailboxHarness owner =
                MailboxHarness.builder(backend, dir).database(database).open(null)) {
            new Hosted(owner).create("proj", "lead", "dev");

            try (MailboxHarness lead = MailboxHarness.builder(backend, dir)
                    .database(database)
                    .setting("channel", "proj")
                    .open("lead")) {
                assertThat(lead.refused("send_message", args("to", "dev", "topic", "t", "body", "b"), "FORBIDDEN")
                                .message())
                        .contains("hosted channel", "plugins.mailbox.channel");
            }
        }
    }

    @Test
    @DisplayName("a role token lists the channel tools and board_link; the owner token the management tools and no"
            + " channel tool; a viewer lists nothing, and its calls are refused")
    void toolListsPerPrincipal() {
        try (Proj proj = Proj.open(backend, dir, null)) {
            MailboxHarness harness = proj.harness();
            Hosted hosted = proj.hosted();
            Principal a = proj.role("a");
            Principal viewer = hosted.principal(
                    (String) hosted.ok(a, "board_link", Map.of()).get("view_key"));
            ToolCatalog catalog = harness.bed().tools();
            List<String> all =
                    catalog.tools().stream().map(ToolDescriptor::name).toList();

            assertThat(all.stream().filter(name -> catalog.listedFor(name, a)))
                    .hasSize(35)
                    .contains("send_message", "list_roles", "board_link")
                    .doesNotContain("create_channel", "rotate_token", "list_audit_events");
            assertThat(all.stream().filter(name -> catalog.listedFor(name, OWNER)))
                    .containsExactlyInAnyOrderElementsOf(MANAGEMENT);
            assertThat(all.stream().filter(name -> catalog.listedFor(name, viewer)))
                    .isEmpty();
            assertThat(all.stream().filter(name -> catalog.listedFor(name, Principal.LOCAL_OWNER)))
                    .doesNotContainAnyElementsOf(MANAGEMENT);
            hosted.refused(viewer, "list_roles", Map.of(), "FORBIDDEN");
            hosted.refused(viewer, "board_link", Map.of(), "FORBIDDEN");
        }
    }
}
