package dev.switchboard.plugin.mailbox.hook;

import static dev.switchboard.plugin.mailbox.MailboxHarness.args;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.plugin.mailbox.CommandRun;
import dev.switchboard.plugin.mailbox.DirectHooks;
import dev.switchboard.plugin.mailbox.MailboxHarness;
import dev.switchboard.plugin.mailbox.Proposals;
import dev.switchboard.plugin.mailbox.adapter.out.persistence.MailboxMigrations;
import dev.switchboard.plugin.mailbox.hook.adapter.in.cli.HookCommand;
import dev.switchboard.plugin.mailbox.hook.adapter.in.cli.StatusCommand;
import dev.switchboard.ports.plugin.PluginContext;
import dev.switchboard.ports.storage.SqlDialect;

/**
 * The hooks' direct path (ADR 25) on a real SQLite store the plugin wrote: its answers equal the plugin path's on the
 * same store, it writes nothing, and it hands back (an empty answer, nothing printed) every case it cannot answer
 * exactly.
 */
class DirectPathTest {

    private static final String FIRST = "{\"hook_event_name\":\"Stop\",\"stop_hook_active\":false}";

    @TempDir
    Path dir;

    private MailboxHarness backend;

    @BeforeEach
    void open() {
        backend = MailboxHarness.open("sqlite", dir, "backend");
    }

    @AfterEach
    void close() {
        backend.close();
    }

    /** A direct run's outcome: its exit status (empty: handed back), stdout and stderr. */
    private record Direct(Optional<Integer> status, String out, String err) {}

    private Direct direct(Map<String, Object> settings, Map<String, String> env, String stdin, String... commandLine) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        Optional<Integer> status = DirectHooks.run(
                List.of(commandLine),
                new PluginContext("mailbox", settings, dir),
                new DirectHooks.Store(dir.resolve("switchboard.db"), 5000),
                name -> Optional.ofNullable(env.get(name)),
                new DirectHooks.Streams(
                        new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
                        new PrintWriter(out, true),
                        new PrintWriter(err, true)));
        return new Direct(status, out.toString(), err.toString());
    }

    private Direct direct(String stdin, String... commandLine) {
        return direct(Map.of("role", "backend"), Map.of(), stdin, commandLine);
    }

    /** Every actionable counter the store can hold for backend, and some that must not count. */
    private void busyChannel() {
        MailboxHarness frontend = backend.as("frontend");
        frontend.send("backend", "one", "a");
        frontend.send("backend", "two", "b");
        long taken = frontend.send(args("to", "backend", "topic", "fix", "body", "it", "action_required", true));
        frontend.send(args("to", "backend", "topic", "open", "body", "debt", "action_required", true));
        backend.ok("set_work_status", args("message_id", taken, "work_status", "in_progress"));
        frontend.send(Proposals.proc("backend", "vote", "on this", null, null));
        long mine = backend.send(args("to", "frontend", "topic", "ask", "body", "please", "action_required", true));
        frontend.ok("resolve_message", args("message_id", mine));
        long blocker = frontend.send(args("to", "backend", "topic", "api", "body", "x", "action_required", true));
        long task = frontend.send(args("to", "backend", "topic", "ui", "body", "y", "action_required", true));
        backend.ok("set_work_status", args("message_id", task, "work_status", "blocked", "blocked_by", blocker));
        backend.ok("resolve_message", args("message_id", blocker));
    }

    @Test
    void statusAnswersExactlyWhatThePluginPathAnswersOnTheSameStore() {
        busyChannel();
        CommandRun plugin = CommandRun.of(backend, new StatusCommand(), "", "status");
        CommandRun pluginText = CommandRun.of(backend, new StatusCommand(), "", "status", "--text");
        CommandRun pluginOther = CommandRun.of(backend, new StatusCommand(), "", "--role", "frontend");

        Direct direct = direct("", "status");
        Direct text = direct("", "status", "status", "--text");
        Direct other = direct("", "status", "--role=frontend");

        assertThat(plugin.out())
                .contains(
                        "\"unread\":7",
                        "\"open_obligations_untaken\":1",
                        "\"awaiting_ack\":1",
                        "\"unblocked\":1",
                        "\"resolved_for_you\":1");
        assertThat(direct.status()).contains(plugin.status());
        assertThat(direct.out()).isEqualTo(plugin.out());
        assertThat(direct.err()).isEqualTo(plugin.err()).isEmpty();
        assertThat(text.out()).isEqualTo(pluginText.out());
        assertThat(other.out()).isEqualTo(pluginOther.out());
        assertThat(other.status()).contains(pluginOther.status());
    }

    @Test
    void statusPinsAnswersExactlyWhatThePluginPathAnswersAndWithoutARoleIsLeftToThePluginsRefusal() {
        backend.ok("pin_set", args("key", "plan", "title", "Plan", "version", "1", "body", "first"));
        backend.ok("pin_set", args("key", "plan", "title", "Plan", "version", "2", "body", "second"));
        backend.ok("pin_set", args("key", "api", "title", "API", "version", "1", "body", "x"));
        CommandRun plugin = CommandRun.of(backend, new StatusCommand(), "", "pins");
        CommandRun pluginText = CommandRun.of(backend, new StatusCommand(), "", "pins", "--text");

        Direct direct = direct("", "status", "pins");
        Direct text = direct("", "status", "pins", "--text");

        assertThat(plugin.out())
                .contains("\"key\":\"api\"", "\"version\":\"2\"")
                .doesNotContain("first", "second");
        assertThat(direct.status()).contains(plugin.status());
        assertThat(direct.out()).isEqualTo(plugin.out());
        assertThat(text.out()).isEqualTo(pluginText.out());
        Direct noRole = direct(Map.of(), Map.of(), "", "status", "pins");
        assertThat(noRole.status()).isEmpty();
        assertThat(noRole.out() + noRole.err()).isEmpty();
        assertThat(direct(Map.of("role", "backend", "channel", "elsewhere"), Map.of(), "", "status", "pins")
                        .out())
                .as("a channel without its row yet has no pins")
                .isEqualTo("{\"pins\":[]}\n");
    }

    @Test
    void theStopHookBlocksWithThePluginPathsReasonAndSessionStartPrintsItsBootstrap() throws Exception {
        busyChannel();
        CommandRun plugin = CommandRun.of(backend, new HookCommand(), FIRST, "stop");
        CommandRun pluginStart = CommandRun.of(backend, new HookCommand(), "", "session-start");
        forgetReminders();

        Direct stop = direct(FIRST, "hook", "stop");
        Direct start = direct("", "hook", "session-start");

        assertThat(plugin.out()).startsWith("{\"decision\":\"block\",");
        assertThat(stop.status()).contains(0);
        assertThat(stop.out()).isEqualTo(plugin.out());
        assertThat(start.out()).isEqualTo(pluginStart.out()).contains("backend");
    }

    @Test
    void aChannelWithoutItsRowYetHasZeroCountsInAStoreWithoutRolesAndTheDirectPathCreatesNoRow() throws SQLException {
        backend.ok("channel_status", Map.of());
        int channels = channelRows();

        Direct run = direct(Map.of("role", "backend", "channel", "elsewhere"), Map.of(), "", "status", "--text");

        assertThat(run.status()).contains(0);
        assertThat(run.out()).isEqualTo("nothing actionable for 'backend' in 'elsewhere'\n");
        assertThat(channelRows()).isEqualTo(channels);
    }

    @Test
    void aMistypedChannelOrRoleIsUnknownAsOnThePluginsPathAndTheDirectPathCreatesNoRow() throws SQLException {
        busyChannel();
        int channels = channelRows();

        Direct channel = direct(Map.of("role", "backend", "channel", "loacl"), Map.of(), "", "status", "--text");
        Direct role = direct(Map.of("role", "nosuch"), Map.of(), "", "status", "--text");
        CommandRun pluginRole = CommandRun.of(backend, new StatusCommand(), "", "status", "--role", "nosuch");

        assertThat(channel.status()).contains(2);
        assertThat(channel.out()).isEmpty();
        assertThat(channel.err()).contains("channel 'loacl' has no roles", "channels with roles are: local");
        assertThat(channelRows()).isEqualTo(channels);
        assertThat(role.status()).contains(2);
        assertThat(role.err())
                .contains("role 'nosuch' is not a role of channel 'local' (its roles: backend, frontend;")
                .isEqualTo(pluginRole.err());
        assertThat(pluginRole.status()).isEqualTo(2);
    }

    @Test
    void theOriginalsRoleVariableNamesTheRoleWhenNoneIsConfigured() {
        busyChannel();

        Direct run = direct(Map.of(), Map.of("AI_AGENT_CHANNEL_ROLE", "backend"), "", "status", "--text");

        assertThat(run.out()).startsWith("pending for 'backend' in 'local': unread=7,");
        assertThat(run.status()).contains(StatusCommand.ACTIONABLE);
    }

    @Test
    void commandLinesItDoesNotAnswerExactlyAreHandedBackWithNothingPrinted() {
        List<List<String>> others = List.of(
                List.of("status", "watch"),
                List.of("status", "--interval", "5"),
                List.of("status", "cct_eKzQ0a1b2c3d4e5f6g7h8i9jSECRET"),
                List.of("status", "--role", "not a role"),
                List.of("status", "sideways"),
                List.of("hook", "print-config", "--claude"),
                List.of("hook", "stop", "extra"),
                List.of("hook", "--help"),
                List.of("doctor"));
        for (List<String> commandLine : others) {
            Direct run = direct("", commandLine.toArray(String[]::new));
            assertThat(run.status()).as("%s", commandLine).isEmpty();
            assertThat(run.out() + run.err()).as("%s", commandLine).isEmpty();
        }
    }

    @Test
    void anUnknownMailboxSettingOrAnInvalidChannelNameIsLeftToThePluginsOwnRefusal() {
        assertThat(direct(Map.of("role", "backend", "rol", "x"), Map.of(), "", "status")
                        .status())
                .isEmpty();
        assertThat(direct(Map.of("role", "backend", "channel", "Not A Slug"), Map.of(), "", "status")
                        .status())
                .isEmpty();
    }

    @Test
    void aStoreThatDoesNotExistYetIsLeftToTheFullPath() throws Exception {
        backend.close();
        Files.delete(dir.resolve("switchboard.db"));

        assertThat(direct(FIRST, "hook", "stop").status()).isEmpty();
        assertThat(dir.resolve("switchboard.db")).doesNotExist();
    }

    @Test
    void aStoreAtAnotherMailboxSchemaVersionIsLeftToTheFullPath() throws SQLException {
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("switchboard.db"));
                Statement statement = connection.createStatement()) {
            statement.executeUpdate("INSERT INTO switchboard_schema_version (owner, version, description, checksum,"
                    + " applied_at) VALUES ('mailbox', " + (MailboxMigrations.LATEST_VERSION + 1) + ", 'next', 'x',"
                    + " 'now')");
        }

        assertThat(direct("", "status").status()).isEmpty();
        assertThat(direct(FIRST, "hook", "stop").status()).isEmpty();
    }

    @Test
    void aStoreAServerWithoutTheMailboxUsedIsLeftToTheFullPath() throws SQLException {
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("switchboard.db"));
                Statement statement = connection.createStatement()) {
            statement.executeUpdate("DELETE FROM switchboard_schema_version WHERE owner = 'mailbox'");
            statement.executeUpdate("DROP TABLE mailbox_channel");
        }

        assertThat(direct("", "status").status()).isEmpty();
        assertThat(direct(FIRST, "hook", "stop").status()).isEmpty();
    }

    @Test
    void aStoreWithoutAnyMigrationRecordIsLeftToTheFullPath() throws Exception {
        backend.close();
        Files.delete(dir.resolve("switchboard.db"));
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("switchboard.db"));
                Statement statement = connection.createStatement()) {
            statement.executeUpdate("CREATE TABLE other_plugin (id INTEGER)");
        }

        assertThat(direct("", "status").status()).isEmpty();
        assertThat(direct(FIRST, "hook", "stop").status()).isEmpty();
    }

    @Test
    void aLocalChannelThatIsHostedIsLeftToThePluginsRefusal() throws SQLException {
        backend.as("frontend").send("backend", "one", "a");
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("switchboard.db"));
                Statement statement = connection.createStatement()) {
            statement.executeUpdate("UPDATE mailbox_channel SET roles = '[\"backend\"]' WHERE name = 'local'");
        }

        assertThat(direct("", "status").status()).isEmpty();
    }

    @Test
    void theStopHooksInputIsReadAsThePluginPathReadsItMalformedHugeNotAnObjectOrUnicode() throws Exception {
        busyChannel();
        String huge = "{\"stop_hook_active\":true,\"pad\":\"" + "x".repeat(2 << 20) + "\"}";
        Map<String, String> inputs = new java.util.LinkedHashMap<>();
        inputs.put("malformed", "{\"stop_hook_active\":tru");
        inputs.put("huge", huge);
        inputs.put("array", "[true]");
        inputs.put("string", "\"stop_hook_active\"");
        inputs.put("unicode", "{\"session_id\":\"s\u00e9\u6f22\ud83d\ude00\",\"stop_hook_active\":false}");
        for (Map.Entry<String, String> input : inputs.entrySet()) {
            forgetReminders();
            CommandRun plugin = CommandRun.of(backend, new HookCommand(), input.getValue(), "stop");
            forgetReminders();

            Direct stop = direct(input.getValue(), "hook", "stop");

            assertThat(stop.status()).as(input.getKey()).contains(0);
            assertThat(stop.out()).as(input.getKey()).isEqualTo(plugin.out()).startsWith("{\"decision\":\"block\",");
            assertThat(stop.err()).as(input.getKey()).isEqualTo(plugin.err());
        }
        forgetReminders();
        assertThat(direct(inputs.get("malformed"), "hook", "stop").err())
                .isEqualTo("switchboard hook: the hook input is not JSON; treated as a first attempt\n");
        forgetReminders();
        assertThat(direct(huge, "hook", "stop").err()).contains("not JSON; treated as a first attempt");
        forgetReminders();
        assertThat(direct("[true]", "hook", "stop").err()).contains("not a JSON object; treated as a first attempt");
        forgetReminders();
        assertThat(direct(inputs.get("unicode"), "hook", "stop").err()).isEmpty();
    }

    @Test
    void theLatestVersionTheDirectPathReadsIsTheLastMigrationsVersion() {
        assertThat(new MailboxMigrations().migrations(SqlDialect.SQLITE)).hasSize(MailboxMigrations.LATEST_VERSION);
        assertThat(new MailboxMigrations().migrations(SqlDialect.POSTGRES)).hasSize(MailboxMigrations.LATEST_VERSION);
    }

    @Test
    void withoutARoleTheStopHookBlocksWithTheUnknownStatusReasonAsThePluginPathDoes() {
        CommandRun plugin;
        try (MailboxHarness roleless = MailboxHarness.open("sqlite", dir.resolve("other"), null)) {
            plugin = CommandRun.of(roleless, new HookCommand(), FIRST, "stop");
        }

        Direct run = direct(new HashMap<>(), Map.of(), FIRST, "hook", "stop");

        assertThat(run.status()).contains(0);
        assertThat(run.out()).isEqualTo(plugin.out()).contains("channel status unknown");
        assertThat(run.err()).isEqualTo(plugin.err());
    }

    /** Removes the stop hook's snapshots, so the next run decides as the first one did (the reminder budget). */
    private void forgetReminders() throws java.io.IOException {
        try (java.util.stream.Stream<Path> files = Files.list(dir)) {
            for (Path file : files.filter(f -> f.getFileName().toString().startsWith(".stop-hook-"))
                    .toList()) {
                Files.delete(file);
            }
        }
    }

    private int channelRows() throws SQLException {
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("switchboard.db"));
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT count(*) FROM mailbox_channel")) {
            rows.next();
            return rows.getInt(1);
        }
    }
}
