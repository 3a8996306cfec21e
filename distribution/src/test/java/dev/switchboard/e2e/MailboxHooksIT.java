package dev.switchboard.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;

import com.sun.net.httpserver.HttpServer;

import io.modelcontextprotocol.client.McpSyncClient;

import dev.switchboard.e2e.support.ClassHttpServe;
import dev.switchboard.e2e.support.Handoffs;
import dev.switchboard.e2e.support.HttpClients;
import dev.switchboard.e2e.support.ToolCalls;
import dev.switchboard.testkit.distribution.CliRun;
import dev.switchboard.testkit.distribution.HttpServe;
import dev.switchboard.testkit.distribution.Installation;
import dev.switchboard.testkit.distribution.McpClients;

/**
 * The mailbox's hooks and status CLI as Claude Code and a script run them: {@code bin/switchboard hook
 * stop|session-start} and {@code bin/switchboard status} as processes, with Claude Code's hook JSON on stdin; local
 * mode on the installation's store, remote mode against a real Switchboard HTTP server ({@code /hook-status},
 * behaviour 141), a tiny local server answering 302, and a port nobody listens on. Behaviours 142 and 143.
 *
 * <p>Runs beside the other end-to-end classes ({@link ExecutionMode#CONCURRENT}, docs/testing.md): its own server,
 * client installation and channel; it asserts the hooks' outputs and exit codes, no time beyond each request's own
 * budget. Its tests run in turn on the class's thread (the lock on the class's own name keeps them there).
 */
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock("MailboxHooksIT")
class MailboxHooksIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(20);
    private static final String FIRST =
            "{\"session_id\":\"s1\",\"hook_event_name\":\"Stop\",\"stop_hook_active\":false}";
    private static final String RETRY =
            "{\"session_id\":\"s1\",\"hook_event_name\":\"Stop\",\"stop_hook_active\":true}";
    private static final Set<String> ORIGINAL_VARIABLES = Set.of(
            "AI_AGENT_CHANNEL_URL", "AI_AGENT_CHANNEL_TOKEN", "AI_AGENT_CHANNEL_TOKEN_FILE", "AI_AGENT_CHANNEL_ROLE");

    @RegisterExtension
    static final ClassHttpServe SERVER = ClassHttpServe.shippedDefaults();

    @TempDir
    static Path dir;

    private static HttpServe server;
    private static Installation client;
    private static Map<String, String> tokens;
    private static String viewKey;

    @BeforeAll
    @SuppressWarnings("unchecked")
    static void createChannel(HttpServe started) {
        server = started;
        client = Installation.copyOfBuilt(dir.resolve("client"));
        try (McpSyncClient owner = http(server.token(), "owner")) {
            tokens = (Map<String, String>)
                    ok(owner, "create_channel", Map.of("name", "proj", "roles", List.of("lead", "backend")))
                            .get("tokens");
            viewKey =
                    (String) ok(owner, "board_link", Map.of("channel", "proj")).get("view_key");
        }
    }

    @Test
    @DisplayName("141: /hook-status answers a role token {channel, role, counts}; the owner token and a view key 403;"
            + " no or a bad token 401")
    void behaviour141HookStatusOverRealHttp() throws Exception {
        HttpResponse<String> role = hookStatus(tokens.get("lead"));
        assertThat(role.statusCode()).as(role.body()).isEqualTo(200);
        assertThat(role.body())
                .startsWith("{\"channel\":\"proj\",\"role\":\"lead\",\"counts\":{\"unread\":")
                .contains("\"open_obligations_untaken\":0")
                .contains("\"resolved_for_you\":0")
                .doesNotContain("in_progress")
                .doesNotContain("\"blocked\"");

        assertThat(hookStatus(server.token()).statusCode()).isEqualTo(403);
        assertThat(hookStatus(server.token()).body()).contains("\"error\":\"forbidden\"");
        assertThat(hookStatus(viewKey).statusCode()).isEqualTo(403);
        assertThat(hookStatus(null).statusCode()).isEqualTo(401);
        assertThat(hookStatus("cct_" + "A".repeat(43)).statusCode()).isEqualTo(401);
    }

    @Test
    @DisplayName(
            "142 and 143 (remote): status exits 1 and the stop hook blocks on unread=1, an unchanged retry"
                    + " passes; 401, 403 and 302 pass the hook with a warning and fail status with 2; a server that is down"
                    + " passes silently; a symlinked or 0644 token file and http://example.com are exit 2; malformed stdin exit 0")
    void behaviours142And143RemoteAgainstARealServer() throws Exception {
        try (McpSyncClient lead = http(tokens.get("lead"), "lead")) {
            ok(lead, "send_message", Map.of("to", "backend", "topic", "review", "body", "please look"));
        }
        Path tokenFile = secret("backend.token", tokens.get("backend"));
        Map<String, String> remote = remote(server.url(), tokenFile);

        CliRun status = client.runWith(remote, othersThan(remote), "status");
        assertThat(status.exitCode()).as(status.describe()).isEqualTo(1);
        assertThat(status.stdout()).contains("\"role\":\"backend\"").contains("\"pending\":{\"unread\":1}");
        CliRun otherRole = client.runWith(remote, othersThan(remote), "status", "--role", "lead");
        assertThat(otherRole.exitCode()).as(otherRole.describe()).isEqualTo(2);
        assertThat(otherRole.stderr()).contains("--role 'lead' is not the role of the configured token (backend)");

        Path classes = dir.resolve("remote-classes.txt");
        Map<String, String> logged = new java.util.HashMap<>(remote);
        logged.put("SWITCHBOARD_JAVA_OPTS", "-Xlog:class+load=info:file=" + classes);
        CliRun block = hook(logged, FIRST);
        assertThat(block.exitCode()).as(block.describe()).isZero();
        assertThat(block.stdout()).startsWith("{\"decision\":\"block\"").contains("'backend': unread=1");
        assertThat(Files.readString(classes))
                .as("a remote stop asks /hook-status with HttpURLConnection and streams the answer (ADR 25)")
                .contains("dev.switchboard.hooks.HookMain", "java.net.HttpURLConnection")
                .doesNotContain("java.net.http.", "tools.jackson.databind.", "com.google.inject.");
        CliRun retry = hook(remote, RETRY);
        assertThat(retry.stdout()).as("unchanged counts on the retry: pass").isEmpty();
        assertThat(retry.exitCode()).isZero();

        CliRun malformed = hook(remote, "{\"stop_hook_active\": tru");
        assertThat(malformed.exitCode()).isZero();
        assertThat(malformed.stderr()).contains("not JSON");

        Map<String, String> unknownToken = remote(server.url(), secret("unknown.token", "cct_" + "B".repeat(43)));
        assertPassesWithWarningAndFailsStatus(unknownToken, "401");
        Map<String, String> ownerToken = remote(server.url(), secret("owner.token", server.token()));
        assertPassesWithWarningAndFailsStatus(ownerToken, "403");
        // a file holding the token twice (two lines) is refused before any request, and the token is never echoed
        Map<String, String> twoLines =
                remote(server.url(), secret("twice.token", tokens.get("backend") + "\n" + tokens.get("backend")));
        assertPassesWithWarningAndFailsStatus(twoLines, "not one token");
        assertThat(hook(twoLines, FIRST).stderr()).doesNotContain(tokens.get("backend"));

        HttpServer redirecting = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        redirecting.createContext("/", exchange -> {
            exchange.getResponseHeaders().add("Location", "https://elsewhere.example/hook-status");
            exchange.sendResponseHeaders(302, -1);
            exchange.close();
        });
        redirecting.start();
        try {
            String url = "http://127.0.0.1:" + redirecting.getAddress().getPort();
            assertPassesWithWarningAndFailsStatus(remote(url, tokenFile), "redirect");
        } finally {
            redirecting.stop(0);
        }

        Map<String, String> down = remote("http://127.0.0.1:" + freePort(), tokenFile);
        CliRun silent = hook(down, FIRST);
        assertThat(silent.exitCode()).isZero();
        assertThat(silent.stdout()).isEmpty();
        assertThat(silent.stderr()).as("a server that is down passes silently").isEmpty();
        CliRun downStatus = client.runWith(down, othersThan(down), "status");
        assertThat(downStatus.exitCode()).isEqualTo(2);
        assertThat(downStatus.stderr())
                .contains("is unreachable: the connection was refused")
                .doesNotContain("java.");

        Path open = secret("open.token", tokens.get("backend"));
        Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rw-r--r--"));
        Map<String, String> openFile = remote(server.url(), open);
        CliRun readable = client.runWith(openFile, othersThan(openFile), "status");
        assertThat(readable.exitCode()).isEqualTo(2);
        assertThat(readable.stderr()).contains("readable or writable by others");
        Path link = dir.resolve("link.token");
        Files.createSymbolicLink(link, tokenFile);
        Map<String, String> linkedFile = remote(server.url(), link);
        CliRun linked = client.runWith(linkedFile, othersThan(linkedFile), "status");
        assertThat(linked.exitCode()).isEqualTo(2);
        assertThat(linked.stderr()).contains("symbolic link");
        Map<String, String> plainHttp = remote("http://example.com", tokenFile);
        CliRun plain = client.runWith(plainHttp, othersThan(plainHttp), "status");
        assertThat(plain.exitCode()).isEqualTo(2);
        assertThat(plain.stderr()).contains("https://");
    }

    @Test
    @DisplayName("remote status pins lists the channel's pins from /status (exit 0, JSON and TSV) and fails with 2 on"
            + " an unknown token")
    @SuppressWarnings("unchecked")
    void remoteStatusPinsReadsStatus() throws Exception {
        Map<String, String> pinTokens;
        long id;
        try (McpSyncClient owner = http(server.token(), "pins-owner")) {
            pinTokens = (Map<String, String>)
                    ok(owner, "create_channel", Map.of("name", "pinned", "roles", List.of("lead", "qa")))
                            .get("tokens");
        }
        try (McpSyncClient lead = http(pinTokens.get("lead"), "pins-lead");
                McpSyncClient qa = http(pinTokens.get("qa"), "pins-qa")) {
            Map<String, Object> proposal = new java.util.LinkedHashMap<>();
            proposal.put("to", "*");
            proposal.put("kind", "proc");
            proposal.put("pin_key", "charter");
            proposal.put("about_message_id", null);
            proposal.put("voters", "*");
            proposal.put("topic", "charter");
            proposal.put("body", "agree to pin the charter");
            id = ((Number) ok(lead, "send_message", proposal).get("id")).longValue();
            ok(qa, "acknowledge", Map.of("message_id", id, "decision", "agree"));
            ok(
                    lead,
                    "pin_set",
                    Map.of(
                            "key",
                            "charter",
                            "title",
                            "Charter",
                            "version",
                            "1",
                            "body",
                            "review first",
                            "approved_by",
                            id));
        }
        Map<String, String> remote = remote(server.url(), secret("qa.token", pinTokens.get("qa")));

        CliRun json = client.runWith(remote, othersThan(remote), "status", "pins");
        assertThat(json.exitCode()).as(json.describe()).isZero();
        assertThat(json.stdout())
                .startsWith("{\"pins\":[{\"key\":\"charter\"")
                .contains("\"version\":\"1\"", "\"approved_by\":" + id);
        CliRun text = client.runWith(remote, othersThan(remote), "status", "pins", "--text");
        assertThat(text.exitCode()).as(text.describe()).isZero();
        assertThat(text.stdout().lines().toList())
                .hasSize(2)
                .first()
                .isEqualTo("key\tversion\tupdated_at\tupdated_by\tapproved_by\tbody_sha256\tbody_length_bytes");
        assertThat(text.stdout().lines().toList().get(1))
                .startsWith("charter\t1\t")
                .contains("\tlead\t");

        Map<String, String> unknown = remote(server.url(), secret("pins-unknown.token", "cct_" + "C".repeat(43)));
        CliRun refused = client.runWith(unknown, othersThan(unknown), "status", "pins");
        assertThat(refused.exitCode()).isEqualTo(2);
        assertThat(refused.stderr()).contains("401").doesNotContain("cct_").doesNotContain("\tat ");
    }

    @Test
    @DisplayName("a session that is also a handoff consumer (plugins.handoff.consumer and project): its pending"
            + " handoffs count in status and block the stop hook next to the mailbox counters, until its cursor moves")
    void aHandoffConsumersPendingHandoffsCountInStatusAndTheStopHook() throws Exception {
        Installation local = Installation.copyOfBuilt(dir.resolve("consumer"));
        StringBuffer stderr = new StringBuffer();
        McpSyncClient publisher = McpClients.stdioInitialized(local, Map.of(), "publisher", stderr);
        Map<String, String> codex = Map.of(
                "AI_AGENT_CHANNEL_ROLE", "backend",
                "SWITCHBOARD_PLUGINS__HANDOFF__CONSUMER", "codex",
                "SWITCHBOARD_PLUGINS__HANDOFF__PROJECT", "Raveil");
        try {
            ToolCalls.okStructured(publisher, "frontispice_register_project", Map.of("project", "raveil"), "");
            for (int i = 1; i <= 2; i++) {
                ToolCalls.okStructured(
                        publisher,
                        "frontispice_publish_handoff",
                        Handoffs.publish("raveil", "Note " + i, "content " + i, null),
                        "");
            }

            CliRun status = local.runWith(codex, othersThan(codex), "status");
            assertThat(status.exitCode()).as(status.describe()).isEqualTo(1);
            assertThat(status.stdout()).contains("\"pending\":{\"handoffs_pending\":2}");
            CliRun block = local.runWithInput(codex, othersThan(codex), FIRST, "hook", "stop");
            assertThat(block.exitCode()).as(block.describe()).isZero();
            assertThat(block.stdout())
                    .startsWith("{\"decision\":\"block\"")
                    .contains("handoffs_pending=2")
                    .contains("frontispice_list_updates (project raveil, consumer codex)");

            ToolCalls.okStructured(
                    publisher,
                    "frontispice_advance_cursor",
                    Map.of("project", "raveil", "consumer", "codex", "through_sequence", 2),
                    "");
            CliRun clear = local.runWith(codex, othersThan(codex), "status");
            assertThat(clear.exitCode()).as(clear.describe()).isZero();
            assertThat(clear.stdout()).contains("\"handoffs_pending\":0");
        } finally {
            publisher.closeGracefully();
        }
    }

    @Test
    @DisplayName("142 and 143 (local): exit 0 clear, 1 with an unread message, 2 on an unopenable store; the stop hook"
            + " blocks, passes an unchanged retry and blocks again after a new message; token arguments exit 2")
    void behaviours142And143LocalOnTheInstallationsStore() throws Exception {
        Installation local = Installation.copyOfBuilt(dir.resolve("local"));
        StringBuffer stderr = new StringBuffer();
        McpSyncClient frontend = McpClients.stdioInitialized(
                local, Map.of("SWITCHBOARD_PLUGINS__MAILBOX__ROLE", "frontend"), "frontend", stderr);
        try {
            Map<String, String> backend = Map.of("AI_AGENT_CHANNEL_ROLE", "backend");
            CliRun clear = local.runWith(backend, othersThan(backend), "status");
            assertThat(clear.exitCode()).as(clear.describe()).isZero();
            assertThat(local.runWithInput(backend, othersThan(backend), FIRST, "hook", "stop")
                            .stdout())
                    .isEmpty();

            ok(frontend, "send_message", Map.of("to", "backend", "topic", "one", "body", "1"));
            CliRun pending = local.runWith(Map.of(), othersThan(Map.of()), "status", "--role", "backend", "--text");
            assertThat(pending.exitCode()).as(pending.describe()).isEqualTo(1);
            assertThat(pending.stdout()).isEqualTo("pending for 'backend' in 'local': unread=1\n");

            // A mistyped role or channel is said (status 2; the stop hook once per session), not counted as 0
            CliRun typo = local.runWith(Map.of(), othersThan(Map.of()), "status", "--role", "nosuch", "--text");
            assertThat(typo.exitCode()).as(typo.describe()).isEqualTo(2);
            assertThat(typo.stderr())
                    .contains("'nosuch' is not a role of channel 'local' (its roles: backend, frontend;");
            Map<String, String> typoRole = Map.of("SWITCHBOARD_PLUGINS__MAILBOX__ROLE", "nosuch");
            String typoSession = "{\"session_id\":\"it\",\"hook_event_name\":\"Stop\",\"stop_hook_active\":false}";
            CliRun told = local.runWithInput(typoRole, othersThan(typoRole), typoSession, "hook", "stop");
            CliRun once = local.runWithInput(typoRole, othersThan(typoRole), typoSession, "hook", "stop");
            assertThat(told.exitCode()).as(told.describe()).isZero();
            assertThat(told.stdout()).startsWith("{\"decision\":\"block\"").contains("'nosuch' is not a role");
            assertThat(told.stderr()).contains("'nosuch' is not a role");
            assertThat(once.stdout()).as(once.describe()).isEmpty();
            Map<String, String> typoChannel =
                    Map.of("AI_AGENT_CHANNEL_ROLE", "backend", "SWITCHBOARD_PLUGINS__MAILBOX__CHANNEL", "loacl");
            CliRun channel = local.runWith(typoChannel, othersThan(typoChannel), "status");
            assertThat(channel.exitCode()).as(channel.describe()).isEqualTo(2);
            assertThat(channel.stderr()).contains("channel 'loacl' has no roles", "channels with roles are: local");

            CliRun block = local.runWithInput(backend, othersThan(backend), FIRST, "hook", "stop");
            assertThat(block.exitCode()).as(block.describe()).isZero();
            assertThat(block.stdout()).contains("unread=1");
            assertThat(local.runWithInput(backend, othersThan(backend), RETRY, "hook", "stop")
                            .stdout())
                    .isEmpty();
            ok(frontend, "send_message", Map.of("to", "backend", "topic", "two", "body", "2"));
            assertThat(local.runWithInput(backend, othersThan(backend), RETRY, "hook", "stop")
                            .stdout())
                    .contains("unread=2");

            CliRun session = local.runWithInput(backend, othersThan(backend), "{}", "hook", "session-start");
            assertThat(session.exitCode()).isZero();
            assertThat(session.stdout()).contains("channel_status").contains("cannot grant you permission");
        } finally {
            frontend.closeGracefully();
        }

        CliRun bare = local.run("status", "cct_abcdefgh");
        assertThat(bare.exitCode()).isEqualTo(2);
        CliRun flag = local.run("status", "--token=cct_abcdefgh");
        assertThat(flag.exitCode()).isEqualTo(2);
        assertThat(flag.stderr()).doesNotContain("cct_abcdefgh");
        assertThat(local.runWithInput(Map.of(), Set.of(), "", "hook", "bogus").exitCode())
                .as("a hook's usage error exits 0")
                .isZero();

        Path directory = Files.createDirectories(dir.resolve("not-a-database"));
        Map<String, String> unopenable = new HashMap<>();
        unopenable.put("SWITCHBOARD_PLUGINS__STORAGE_SQLITE__PATH", directory.toString());
        unopenable.put("AI_AGENT_CHANNEL_ROLE", "backend");
        CliRun broken = local.runWith(unopenable, Set.of(), "status");
        assertThat(broken.exitCode()).as(broken.describe()).isEqualTo(2);
        CliRun brokenHook = local.runWithInput(unopenable, Set.of(), FIRST, "hook", "stop");
        assertThat(brokenHook.exitCode()).isZero();
        assertThat(brokenHook.stdout()).isEmpty();
        assertThat(brokenHook.stderr()).doesNotContain("\tat ");
    }

    @Test
    @DisplayName(
            "ADR 25: a local hook stop, status and status pins take the direct path (no jOOQ, Guice, PF4J plugin manager or MCP"
                    + " class loaded); with plugins.handoff.consumer set they take the full path and answer the same")
    void theHooksDirectPathAndItsFallbackAnswerAlike() throws Exception {
        Installation local = Installation.copyOfBuilt(dir.resolve("direct"));
        StringBuffer stderr = new StringBuffer();
        McpSyncClient frontend = McpClients.stdioInitialized(
                local, Map.of("SWITCHBOARD_PLUGINS__MAILBOX__ROLE", "frontend"), "frontend", stderr);
        try {
            ok(frontend, "send_message", Map.of("to", "backend", "topic", "one", "body", "1"));
        } finally {
            frontend.closeGracefully();
        }
        Path classes = dir.resolve("direct-classes.txt");
        Map<String, String> direct = Map.of(
                "AI_AGENT_CHANNEL_ROLE", "backend", "SWITCHBOARD_JAVA_OPTS", "-Xlog:class+load=info:file=" + classes);
        CliRun block = local.runWithInput(direct, othersThan(direct), FIRST, "hook", "stop");
        String loaded = Files.readString(classes);
        Path pinClasses = dir.resolve("direct-pins-classes.txt");
        Map<String, String> directPins = Map.of(
                "AI_AGENT_CHANNEL_ROLE",
                "backend",
                "SWITCHBOARD_JAVA_OPTS",
                "-Xlog:class+load=info:file=" + pinClasses);
        CliRun pins = local.runWith(directPins, othersThan(directPins), "status", "pins");
        assertThat(pins.exitCode()).as(pins.describe()).isZero();
        assertThat(pins.stdout()).isEqualTo("{\"pins\":[]}\n");
        assertThat(Files.readString(pinClasses))
                .as("status pins takes the direct path too")
                .contains("dev.switchboard.hooks.HookMain")
                .doesNotContain("org.jooq.", "com.google.inject.", "org.pf4j.DefaultPluginManager");
        // the reminder budget passes an unchanged set: forget the direct run's reminder so the full path decides anew
        try (var files = Files.list(local.stateDir())) {
            for (Path file : files.filter(f -> f.getFileName().toString().startsWith(".stop-hook-"))
                    .toList()) {
                Files.delete(file);
            }
        }
        Map<String, String> full = Map.of(
                "AI_AGENT_CHANNEL_ROLE",
                "backend",
                "SWITCHBOARD_PLUGINS__HANDOFF__CONSUMER",
                "codex",
                "SWITCHBOARD_PLUGINS__HANDOFF__PROJECT",
                "raveil");
        CliRun fullBlock = local.runWithInput(full, othersThan(full), FIRST, "hook", "stop");
        Map<String, String> role = Map.of("AI_AGENT_CHANNEL_ROLE", "backend");
        CliRun status = local.runWith(role, othersThan(role), "status");
        CliRun fullStatus = local.runWith(full, othersThan(full), "status");

        assertThat(block.stdout()).as(block.describe()).contains("\"decision\":\"block\"", "unread=1");
        assertThat(loaded)
                .contains("dev.switchboard.hooks.HookMain")
                .doesNotContain("org.jooq.", "com.google.inject.", "org.pf4j.DefaultPluginManager")
                .doesNotContain("io.modelcontextprotocol.", "com.networknt.", "java.net.http.")
                .as("a local stop reads and writes its JSON with jackson-core's streaming API")
                .doesNotContain("tools.jackson.databind.");
        assertThat(fullBlock.stdout()).as(fullBlock.describe()).isEqualTo(block.stdout());
        assertThat(status.exitCode()).as(status.describe()).isEqualTo(1);
        assertThat(fullStatus.exitCode()).as(fullStatus.describe()).isEqualTo(1);
        // a handoff consumer's full path adds its own counter (FeatureCounts), the rest is the same answer
        assertThat(fullStatus.stdout())
                .isEqualTo(status.stdout()
                        .replace("\"resolved_for_you\":0}", "\"resolved_for_you\":0,\"handoffs_pending\":0}"))
                .contains("\"unread\":1");
    }

    @Test
    @DisplayName("status on a store no server has used exits 2 naming `switchboard serve`, never with SQL text;"
            + " hook stop passes with that warning; owner-link prints no link that no server would honour;"
            + " none creates the store")
    void statusOnANeverServedStoreFailsCleanly() throws Exception {
        Installation fresh = Installation.copyOfBuilt(dir.resolve("never-served"));
        Map<String, String> role = Map.of("AI_AGENT_CHANNEL_ROLE", "backend");
        CliRun status = fresh.runWith(role, othersThan(role), "status");
        assertThat(status.exitCode()).as(status.describe()).isEqualTo(2);
        assertThat(status.stderr()).contains("has `switchboard serve` run").doesNotContain("SQL", "\tat ");
        CliRun stop = fresh.runWithInput(role, othersThan(role), FIRST, "hook", "stop");
        assertThat(stop.exitCode()).as(stop.describe()).isZero();
        assertThat(stop.stdout()).isEmpty();
        assertThat(stop.stderr()).contains("has `switchboard serve` run").doesNotContain("SQL");
        CliRun link = fresh.run("mailbox", "owner-link");
        assertThat(link.exitCode()).as(link.describe()).isEqualTo(2);
        assertThat(link.stdout()).as(link.describe()).isEmpty();
        assertThat(link.stderr())
                .as(link.describe())
                .contains("has `switchboard serve` run on it once, with this state directory?")
                .doesNotContain("SQL", "\tat ", "failed to start");
        assertThat(fresh.stateDir().resolve("switchboard.db"))
                .as("a read-only start refuses the missing store instead of creating it")
                .doesNotExist();
    }

    @Test
    @DisplayName("status on a store a server without the mailbox used, or at a newer mailbox schema, exits 2 naming"
            + " why, never with SQL text; hook stop passes with that warning")
    void statusOnAStoreWithoutTheMailboxOrAtANewerSchemaFailsCleanly() throws Exception {
        Map<String, String> role = Map.of("AI_AGENT_CHANNEL_ROLE", "backend");
        Map<String, String> stores = Map.of(
                "without-mailbox", "('handoff', 1)",
                "newer-schema", "('mailbox', 99)");
        Map<String, String> why = Map.of(
                "without-mailbox", "it holds no mailbox tables",
                "newer-schema", "schema is at version 99, newer than this Switchboard reads");
        for (Map.Entry<String, String> store : stores.entrySet()) {
            Installation installation = Installation.copyOfBuilt(dir.resolve(store.getKey()));
            recordOnly(installation.stateDir().resolve("switchboard.db"), store.getValue());

            CliRun status = installation.runWith(role, othersThan(role), "status");
            CliRun stop = installation.runWithInput(role, othersThan(role), FIRST, "hook", "stop");

            assertThat(status.exitCode()).as(status.describe()).isEqualTo(2);
            assertThat(status.stdout()).as(status.describe()).isEmpty();
            assertThat(status.stderr())
                    .as(status.describe())
                    .contains(why.get(store.getKey()))
                    .doesNotContain("SQL", "\tat ");
            assertThat(stop.exitCode()).as(stop.describe()).isZero();
            assertThat(stop.stdout()).as(stop.describe()).isEmpty();
            assertThat(stop.stderr()).as(stop.describe()).contains(why.get(store.getKey()));
        }
    }

    /** Writes a store holding only the migration record's row {@code (owner, version)}, as a served store has it. */
    private static void recordOnly(Path file, String row) throws IOException, SQLException {
        Files.createDirectories(file.getParent());
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + file);
                Statement statement = connection.createStatement()) {
            statement.executeUpdate("CREATE TABLE switchboard_schema_version (owner TEXT NOT NULL, version INTEGER NOT"
                    + " NULL, description TEXT, checksum TEXT, applied_at TEXT)");
            statement.executeUpdate("INSERT INTO switchboard_schema_version (owner, version) VALUES " + row);
        }
    }

    private static void assertPassesWithWarningAndFailsStatus(Map<String, String> remote, String named) {
        CliRun hook = hook(remote, FIRST);
        assertThat(hook.exitCode()).as(hook.describe()).isZero();
        assertThat(hook.stdout()).isEmpty();
        assertThat(hook.stderr()).contains("switchboard hook: ").contains(named);
        CliRun status = client.runWith(remote, othersThan(remote), "status");
        assertThat(status.exitCode()).as(status.describe()).isEqualTo(2);
        assertThat(status.stderr()).contains(named).doesNotContain("cct_").doesNotContain("\tat ");
    }

    /** @return the original's variables the environment does not set, so that the inherited ones do not leak in */
    private static Set<String> othersThan(Map<String, String> environment) {
        Set<String> unset = new java.util.HashSet<>(ORIGINAL_VARIABLES);
        unset.removeAll(environment.keySet());
        return unset;
    }

    private static CliRun hook(Map<String, String> environment, String stdin) {
        return client.runWithInput(environment, othersThan(environment), stdin, "hook", "stop");
    }

    private static Map<String, String> remote(String url, Path tokenFile) {
        return Map.of("AI_AGENT_CHANNEL_URL", url, "AI_AGENT_CHANNEL_TOKEN_FILE", tokenFile.toString());
    }

    private static Path secret(String name, String token) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, token + "\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        return file;
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private static HttpResponse<String> hookStatus(String token) throws IOException, InterruptedException {
        HttpRequest.Builder request =
                HttpRequest.newBuilder(server.uri("/hook-status")).timeout(TIMEOUT);
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        try (HttpClient http = HttpClient.newHttpClient()) {
            return http.send(request.GET().build(), HttpResponse.BodyHandlers.ofString());
        }
    }

    private static McpSyncClient http(String token, String name) {
        return HttpClients.initialized(server, token, "hooks-" + name);
    }

    private static Map<String, Object> ok(McpSyncClient mcp, String tool, Map<String, Object> arguments) {
        return ToolCalls.okStructured(mcp, tool, arguments, "\n" + server.log());
    }
}
