package dev.switchboard.plugin.mailbox.hosted;

import static dev.switchboard.plugin.mailbox.MailboxHarness.args;
import static dev.switchboard.plugin.mailbox.MailboxHarness.result;
import static dev.switchboard.plugin.mailbox.hosted.Hosted.OWNER;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;

import dev.switchboard.plugin.mailbox.MailboxHarness;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.tool.ToolResult;

/** The owner's management tools (§1C.2) and the registry behind them (§1C.3), on both backends. */
@ParameterizedClass(name = "on {0}")
@ValueSource(strings = {"sqlite", "postgres"})
class ManagementToolsTest {

    @Parameter
    String backend;

    @TempDir
    Path dir;

    private MailboxHarness harness;
    private Hosted hosted;

    @BeforeEach
    void open() {
        harness = MailboxHarness.builder(backend, dir).open(null);
        hosted = new Hosted(harness);
    }

    @AfterEach
    void close() {
        harness.close();
    }

    @Test
    @DisplayName(
            "3C.130 create_channel refuses fewer than 2, more than 12 or duplicate roles and a bad name; it returns"
                    + " one cct_ token per role, and list_channels never shows a token")
    void createChannelRules() {
        hosted.refused(OWNER, "create_channel", args("name", "proj", "roles", List.of("a")), "INVALID_ARGUMENTS");
        List<String> thirteen =
                IntStream.rangeClosed(1, 13).mapToObj(i -> "r" + i).toList();
        hosted.refused(OWNER, "create_channel", args("name", "proj", "roles", thirteen), "INVALID_ARGUMENTS");
        hosted.refused(OWNER, "create_channel", args("name", "proj", "roles", List.of("a", "a")), "INVALID_ARGUMENTS");
        hosted.refused(OWNER, "create_channel", args("name", "Proj", "roles", List.of("a", "b")), "INVALID_ARGUMENTS");
        hosted.refused(
                OWNER, "create_channel", args("name", "p".repeat(65), "roles", List.of("a", "b")), "INVALID_ARGUMENTS");

        Map<String, String> tokens = hosted.create("proj", "frontend", "backend", "infra");

        assertThat(tokens).containsOnlyKeys("frontend", "backend", "infra");
        assertThat(tokens.values())
                .allSatisfy(token -> assertThat(token).startsWith("cct_").hasSize(4 + 43))
                .doesNotHaveDuplicates();
        Map<String, Object> listed = hosted.ok(OWNER, "list_channels", Map.of());
        assertThat(result(listed))
                .singleElement()
                .satisfies(entry -> assertThat(entry)
                        .containsEntry("channel", "proj")
                        .containsEntry("roles", List.of("frontend", "backend", "infra")));
        assertThat(listed.toString()).doesNotContain("cct_");
        assertThat(hosted.principal(tokens.get("backend")).attributes())
                .containsEntry("channel", "proj")
                .containsEntry("role", "backend");
    }

    @Test
    @DisplayName("owners creating one name at once end with one channel; the others are refused with CONFLICT")
    void concurrentCreatesOfOneName() throws Exception {
        int callers = 4;
        CyclicBarrier start = new CyclicBarrier(callers);
        List<Future<ToolResult>> results = new ArrayList<>();
        try (var pool = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < callers; i++) {
                List<String> roles = List.of("a" + i, "b" + i);
                results.add(pool.submit(() -> {
                    start.await();
                    return hosted.call(OWNER, "create_channel", args("name", "race", "roles", roles));
                }));
            }
        }
        List<String> outcomes = new ArrayList<>();
        for (var result : results) {
            outcomes.add(
                    result.get() instanceof ToolResult.Failure failure
                            ? failure.code().value()
                            : "ok");
        }

        assertThat(outcomes).containsOnly("ok", "CONFLICT").containsOnlyOnce("ok");
        assertThat(result(hosted.ok(OWNER, "list_channels", Map.of()))).hasSize(1);
        assertThat(count("SELECT count(*) FROM mailbox_token")).isEqualTo(2);
    }

    @Test
    @DisplayName("3C.131 delete_channel revokes its tokens and hides it; its messages stay; its name is never reused")
    void deleteChannel() throws SQLException {
        Map<String, String> tokens = hosted.create("proj", "a", "b");
        Principal a = hosted.principal(tokens.get("a"));
        hosted.ok(a, "send_message", args("to", "b", "topic", "hello", "body", "kept after deletion"));

        Map<String, Object> deleted = hosted.ok(OWNER, "delete_channel", args("name", "proj"));

        assertThat(deleted).containsEntry("channel", "proj").containsEntry("revoked", 2);
        assertThat(hosted.resolve(tokens.get("a"))).isEmpty();
        assertThat(hosted.resolve(tokens.get("b"))).isEmpty();
        assertThat(result(hosted.ok(OWNER, "list_channels", Map.of()))).isEmpty();
        assertThat(count("SELECT count(*) FROM mailbox_message")).isEqualTo(1);
        hosted.refused(OWNER, "create_channel", args("name", "proj", "roles", List.of("a", "b")), "CONFLICT");
        hosted.refused(OWNER, "delete_channel", args("name", "proj"), "NOT_FOUND");
    }

    @Test
    @DisplayName("3C.132 add_role refuses a 13th role and an existing one; a new role's token works at once")
    void addRole() {
        List<String> twelve =
                IntStream.rangeClosed(1, 12).mapToObj(i -> "r" + i).toList();
        hosted.ok(OWNER, "create_channel", args("name", "full", "roles", twelve));
        hosted.refused(OWNER, "add_role", args("channel", "full", "role", "r13"), "CONFLICT");
        hosted.create("proj", "a", "b");
        hosted.refused(OWNER, "add_role", args("channel", "proj", "role", "a"), "CONFLICT");
        hosted.refused(OWNER, "add_role", args("channel", "nowhere", "role", "c"), "NOT_FOUND");

        Map<String, Object> added = hosted.ok(OWNER, "add_role", args("channel", "proj", "role", "c"));

        assertThat(added).containsEntry("roles", List.of("a", "b", "c"));
        Principal c = hosted.principal((String) added.get("token"));
        assertThat(hosted.ok(c, "list_roles", Map.of()))
                .containsEntry("roles", List.of("a", "b", "c"))
                .containsEntry("you", "c");
    }

    @Test
    @DisplayName("3C.133 rotate_token: the old token fails at once, so do the view keys the role issued; the owner's"
            + " keep working (board sessions do not exist yet: their half waits for the board)")
    void rotateToken() {
        Map<String, String> tokens = hosted.create("proj", "frontend", "backend");
        Principal frontend = hosted.principal(tokens.get("frontend"));
        String roleKey = (String) hosted.ok(frontend, "board_link", Map.of()).get("view_key");
        String ownerKey =
                (String) hosted.ok(OWNER, "board_link", args("channel", "proj")).get("view_key");
        assertThat(hosted.principal(roleKey).kind()).isEqualTo(Principal.Kind.VIEWER);

        Map<String, Object> rotated = hosted.ok(OWNER, "rotate_token", args("channel", "proj", "role", "frontend"));

        assertThat(rotated).containsEntry("revoked", 2);
        assertThat(hosted.resolve(tokens.get("frontend"))).isEmpty();
        assertThat(hosted.resolve(roleKey)).isEmpty();
        assertThat(hosted.resolve(ownerKey)).isPresent();
        assertThat(hosted.resolve(tokens.get("backend"))).isPresent();
        assertThat(hosted.principal((String) rotated.get("token")).attributes()).containsEntry("role", "frontend");
        hosted.refused(OWNER, "rotate_token", args("channel", "proj", "role", "nobody"), "NOT_FOUND");
    }

    @Test
    @DisplayName("3C.139 a 21st view key from one issuer revokes its oldest; an expired view key no longer resolves")
    void viewKeyLimits() {
        Principal frontend =
                hosted.principal(hosted.create("proj", "frontend", "backend").get("frontend"));
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            keys.add((String) hosted.ok(frontend, "board_link", Map.of()).get("view_key"));
        }
        assertThat(keys).allSatisfy(key -> assertThat(hosted.resolve(key)).isPresent());

        Map<String, Object> twentyFirst = hosted.ok(frontend, "board_link", args("label", "21st"));

        assertThat(twentyFirst).containsEntry("revoked_oldest", 1);
        assertThat(hosted.resolve(keys.getFirst())).isEmpty();
        assertThat(keys.subList(1, 20))
                .allSatisfy(key -> assertThat(hosted.resolve(key)).isPresent());
        String latest = (String) twentyFirst.get("view_key");
        assertThat(hosted.resolve(latest)).isPresent();

        harness.clock().advance(Duration.ofDays(30).plusSeconds(1));

        assertThat(hosted.resolve(latest)).isEmpty();
    }

    @Test
    @DisplayName("board_link returns a single-use URL with a nonce valid 300 s and a key expiring in 30 days; a role"
            + " links only its own channel, and revoke_board_access revokes every key of the channel")
    void boardLink() throws SQLException {
        Principal a = hosted.principal(hosted.create("proj", "a", "b").get("a"));
        hosted.create("other", "x", "y");

        Map<String, Object> link = hosted.ok(a, "board_link", Map.of());

        assertThat(link)
                .containsEntry("channel", "proj")
                .containsEntry("label", "board")
                .containsEntry("expires_in_s", 300L);
        assertThat((String) link.get("url")).matches("/board/proj\\?t=[A-Za-z0-9_-]{43}");
        assertThat((String) link.get("key_expires_at")).startsWith("2026-09-09T");
        assertThat(count("SELECT count(*) FROM mailbox_board_nonce")).isEqualTo(1);
        hosted.refused(a, "board_link", args("channel", "other"), "FORBIDDEN");
        hosted.refused(OWNER, "board_link", Map.of(), "INVALID_ARGUMENTS");

        Map<String, Object> revoked = hosted.ok(OWNER, "revoke_board_access", args("channel", "proj"));

        assertThat(revoked).containsEntry("revoked", 1);
        assertThat(hosted.resolve((String) link.get("view_key"))).isEmpty();
    }

    @Test
    @DisplayName("credentials are stored only as SHA-256 digests, and the audit records every action and token use"
            + " without a token")
    void auditAndDigests() throws SQLException {
        Map<String, String> tokens = hosted.create("proj", "a", "b");
        Principal a = hosted.principal(tokens.get("a"));
        String key = (String) hosted.ok(a, "board_link", Map.of()).get("view_key");
        hosted.ok(OWNER, "rotate_token", args("channel", "proj", "role", "b"));

        List<Map<String, Object>> audit = result(hosted.ok(OWNER, "list_audit_events", args("channel", "proj")));

        assertThat(audit)
                .extracting(entry -> entry.get("action"))
                .containsExactly("rotate_token", "board_link", "token_used", "create_channel");
        assertThat(audit.get(2)).containsEntry("actor", "proj/a");
        assertThat(audit.get(3)).containsEntry("actor", "owner");
        String everything = dump("SELECT * FROM mailbox_audit")
                + dump("SELECT * FROM mailbox_token")
                + dump("SELECT * FROM mailbox_board_nonce");
        assertThat(everything).doesNotContain(tokens.get("a"), tokens.get("b"), key, "cct_", "ccv_");
        assertThat(dump("SELECT token_hash FROM mailbox_token")).contains(hex(tokens.get("a")));
        hosted.refused(a, "list_audit_events", Map.of(), "FORBIDDEN");
    }

    @Test
    @DisplayName("a hosted channel named like the local channel is refused, naming plugins.mailbox.channel, even"
            + " before any local session used it")
    void theLocalChannelsNameIsRefusedForAHostedChannel() {
        ToolResult.Failure refused =
                hosted.refused(OWNER, "create_channel", args("name", "local", "roles", List.of("a", "b")), "CONFLICT");

        assertThat(refused.message()).contains("plugins.mailbox.channel").contains("local stdio sessions");
        assertThat(result(hosted.ok(OWNER, "list_channels", Map.of()))).isEmpty();
    }

    @Test
    @DisplayName("a view key's resolution is not audited as token_used: /mcp refuses it with 403 after resolving it")
    void viewKeyResolutionIsNotAuditedAsTokenUse() {
        hosted.create("proj", "a", "b");
        String key = (String) hosted.ok(OWNER, "board_link", args("channel", "proj", "label", "wall"))
                .get("view_key");

        assertThat(hosted.resolve(key)).isPresent();
        List<Map<String, Object>> audit = result(hosted.ok(OWNER, "list_audit_events", args("channel", "proj")));

        assertThat(audit).extracting(entry -> entry.get("action")).containsExactly("board_link", "create_channel");
    }

    private static String hex(String token) {
        return HexFormat.of().formatHex(Hosted.sha256(token));
    }

    private long count(String query) throws SQLException {
        try (Connection connection = harness.storage().dataSource().getConnection();
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(query)) {
            rows.next();
            return rows.getLong(1);
        }
    }

    private String dump(String query) throws SQLException {
        StringBuilder text = new StringBuilder();
        try (Connection connection = harness.storage().dataSource().getConnection();
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(query)) {
            int columns = rows.getMetaData().getColumnCount();
            while (rows.next()) {
                for (int i = 1; i <= columns; i++) {
                    text.append(rows.getString(i)).append('|');
                }
                text.append('\n');
            }
        }
        return text.toString();
    }
}
