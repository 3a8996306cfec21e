package dev.switchboard.plugin.mailbox.hook;

import static dev.switchboard.plugin.mailbox.MailboxHarness.args;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.plugin.mailbox.CommandRun;
import dev.switchboard.plugin.mailbox.DirectHooks;
import dev.switchboard.plugin.mailbox.MailboxHarness;
import dev.switchboard.plugin.mailbox.hook.adapter.in.cli.HookCommand;
import dev.switchboard.plugin.mailbox.hook.adapter.in.cli.StatusCommand;
import dev.switchboard.plugin.storage.postgres.PostgresDirectConnection;
import dev.switchboard.ports.plugin.PluginContext;
import dev.switchboard.testkit.storage.TestDatabase;
import dev.switchboard.testkit.storage.TestPostgres;

/**
 * The hooks' direct path on PostgreSQL (ADR 65): one read-only connection opened by {@code storage-postgres}'s
 * {@link PostgresDirectConnection} from the plugin's own settings, on a real store the plugin wrote on the testkit's
 * embedded PostgreSQL. Its answers equal the plugin path's, it writes nothing, and a schema the plugin never used or a
 * server it cannot reach is handed back (the full path answers).
 */
class DirectPathPostgresTest {

    private static final String FIRST = "{\"hook_event_name\":\"Stop\",\"stop_hook_active\":false}";

    @TempDir
    Path dir;

    private TestDatabase database;
    private MailboxHarness backend;

    @BeforeEach
    void open() {
        database = TestPostgres.database();
        backend = MailboxHarness.builder("postgres", dir).database(database).open("backend");
    }

    @AfterEach
    void close() {
        backend.close();
    }

    private record Direct(Optional<Integer> status, String out, String err) {}

    private Direct direct(Map<String, Object> storage, String stdin, String... commandLine) {
        return direct(storage, Map.of("role", "backend"), stdin, commandLine);
    }

    private Direct direct(
            Map<String, Object> storage, Map<String, Object> mailbox, String stdin, String... commandLine) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        PostgresDirectConnection connection =
                PostgresDirectConnection.from(new PluginContext("storage-postgres", storage, dir), Map.of(), dir);
        Optional<Integer> status = DirectHooks.run(
                List.of(commandLine),
                new PluginContext("mailbox", mailbox, dir),
                connection::open,
                name -> Optional.empty(),
                new DirectHooks.Streams(
                        new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
                        new PrintWriter(out, true),
                        new PrintWriter(err, true)));
        return new Direct(status, out.toString(), err.toString());
    }

    private Direct direct(String stdin, String... commandLine) {
        return direct(database.settings(), stdin, commandLine);
    }

    private void busyChannel() {
        MailboxHarness frontend = backend.as("frontend");
        frontend.send("backend", "one", "a");
        frontend.send("backend", "two", "b");
        long taken = frontend.send(args("to", "backend", "topic", "fix", "body", "it", "action_required", true));
        backend.ok("set_work_status", args("message_id", taken, "work_status", "in_progress"));
        backend.ok("pin_set", args("key", "plan", "title", "Plan", "version", "1", "body", "first"));
    }

    @Test
    void statusAndPinsAnswerExactlyWhatThePluginPathAnswersOnTheSameDatabase() {
        busyChannel();
        CommandRun plugin = CommandRun.of(backend, new StatusCommand(), "", "status");
        CommandRun pins = CommandRun.of(backend, new StatusCommand(), "", "pins", "--text");

        Direct direct = direct("", "status");
        Direct directPins = direct("", "status", "pins", "--text");

        assertThat(plugin.out()).contains("\"unread\":3");
        assertThat(direct.status()).contains(plugin.status());
        assertThat(direct.out()).isEqualTo(plugin.out());
        assertThat(direct.err()).isEmpty();
        assertThat(directPins.out()).isEqualTo(pins.out()).contains("plan");
    }

    @Test
    void theStopHookBlocksWithThePluginPathsReason() throws Exception {
        busyChannel();
        CommandRun plugin = CommandRun.of(backend, new HookCommand(), FIRST, "stop");
        forgetReminders();

        Direct stop = direct(FIRST, "hook", "stop");

        assertThat(plugin.out()).startsWith("{\"decision\":\"block\",");
        assertThat(stop.status()).contains(0);
        assertThat(stop.out()).isEqualTo(plugin.out());
    }

    @Test
    void aChannelWithoutItsRowYetHasZeroCountsAndTheDirectPathCreatesNoRow() throws SQLException {
        backend.ok("channel_status", Map.of());
        long channels = channelRows();

        Direct run =
                direct(database.settings(), Map.of("role", "backend", "channel", "elsewhere"), "", "status", "--text");

        assertThat(run.status()).contains(0);
        assertThat(run.out()).isEqualTo("nothing actionable for 'backend' in 'elsewhere'\n");
        assertThat(channelRows()).isEqualTo(channels);
    }

    @Test
    void aSchemaWithoutTheMailboxsTablesIsHandedBackBeforeAnythingIsWritten() {
        Direct run = direct(database.settings(Map.of("schema", "elsewhere")), FIRST, "hook", "stop");

        assertThat(run.status()).isEmpty();
        assertThat(run.out() + run.err()).isEmpty();
    }

    @Test
    void aServerTheDirectPathCannotReachIsHandedBack() {
        String unreachable = database.url().replace(":" + database.port() + "/", ":1/");

        Direct run = direct(Map.of("url", unreachable, "user", database.user()), FIRST, "hook", "stop");

        assertThat(run.status()).isEmpty();
        assertThat(run.out() + run.err()).isEmpty();
    }

    private long channelRows() throws SQLException {
        try (Connection connection = database.connect();
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT count(*) FROM mailbox_channel")) {
            rows.next();
            return rows.getLong(1);
        }
    }

    private void forgetReminders() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : files.filter(f -> f.getFileName().toString().startsWith(".stop-hook-"))
                    .toList()) {
                Files.delete(file);
            }
        }
    }
}
