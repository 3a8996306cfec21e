package dev.switchboard.plugin.mailbox.importer;

import static dev.switchboard.plugin.mailbox.MailboxHarness.args;
import static dev.switchboard.plugin.mailbox.MailboxHarness.ids;
import static dev.switchboard.plugin.mailbox.MailboxHarness.result;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;

import tools.jackson.databind.json.JsonMapper;

import dev.switchboard.plugin.mailbox.CommandRun;
import dev.switchboard.plugin.mailbox.MailboxHarness;
import dev.switchboard.plugin.mailbox.channel.domain.Digest;
import dev.switchboard.plugin.mailbox.importer.adapter.in.cli.MailboxImportCommand;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.cli.Subcommand;
import dev.switchboard.ports.tool.ToolResult;

/**
 * {@code switchboard mailbox import}: files written with ai-agent-channel's schema over plain JDBC, imported into the
 * store on both backends, then read back through the mailbox tools.
 */
@ParameterizedClass(name = "on {0}")
@ValueSource(strings = {"sqlite", "postgres"})
class MailboxImportTest {

    private static final String T = "2026-07-01T10:00:00.000Z";

    @Parameter
    String backend;

    @TempDir
    Path dir;

    private MailboxHarness backendRole;
    private Path source;

    @BeforeEach
    void open() throws Exception {
        Files.createDirectories(dir.resolve("store"));
        backendRole = MailboxHarness.open(backend, dir.resolve("store"), "backend");
        source = dir.resolve("messages.db");
    }

    @AfterEach
    void close() {
        backendRole.close();
    }

    /** A channel at schema step 2 with gaps in its ids, a debt, a proposal with votes, pins and uploads. */
    private void writeCurrentChannel(int userVersion) throws SQLException {
        try (OriginalDatabase db = OriginalDatabase.current(source, userVersion)) {
            db.sql(
                    "INSERT INTO messages (id, from_role, to_role, topic, body, created_at, read_at, opened_at)"
                            + " VALUES (1, 'frontend', 'backend', 'hello', 'first', ?, ?, ?)",
                    T,
                    "2026-07-01T10:05:00.000Z",
                    "2026-07-01T10:01:00.000Z");
            db.sql(
                    "INSERT INTO messages (id, from_role, to_role, topic, body, created_at, kind, pin_key, voters,"
                            + " decision_requested) VALUES (7, 'frontend', '*', 'charter v2', 'the charter', ?,"
                            + " 'proc', 'team-charter', '[\"backend\",\"infra\"]', 1)",
                    "2026-07-01T10:10:00.000Z");
            db.sql("INSERT INTO message_recipients (message_id, to_role, read_at, opened_at) VALUES"
                    + " (7, 'backend', NULL, '2026-07-01T10:11:00.000Z'), (7, 'infra', NULL, NULL)");
            db.sql(
                    "INSERT INTO messages (id, from_role, to_role, topic, body, created_at, action_required, status,"
                            + " kind, work_status) VALUES (412, 'frontend', 'backend', 'fix the login', 'it fails', ?,"
                            + " 1, 'open', 'bug', 'in_progress')",
                    "2026-07-02T09:00:00.000Z");
            db.sql("INSERT INTO messages (id, from_role, to_role, topic, body, created_at, deleted_at) VALUES"
                    + " (413, 'backend', 'frontend', 'oops', 'gone', '2026-07-02T09:30:00.000Z',"
                    + " '2026-07-02T09:31:00.000Z')");
            db.sql("INSERT INTO acknowledgements (message_id, role, decision, note, created_at) VALUES"
                    + " (7, 'backend', 'agree', 'fine', '2026-07-01T10:12:00.000Z')");
            db.sql("INSERT INTO message_events (message_id, event, role, note, created_at) VALUES"
                    + " (412, 'work_status:in_progress', 'backend', 'on it', '2026-07-02T09:10:00.000Z')");
            db.sql(
                    "INSERT INTO pinned_entries (key, title, body, version, updated_by, updated_at, body_sha256,"
                            + " body_length_bytes, body_length_chars) VALUES ('notes', 'Notes', 'v1 text', '1',"
                            + " 'frontend', ?, ?, 7, 7)",
                    "2026-07-01T11:00:00.000Z",
                    Digest.of("v1 text").sha256());
            db.sql("INSERT INTO pinned_entries (key, title, body, version, updated_by, updated_at) VALUES"
                    + " ('notes', 'Notes', 'ротация', '2', 'backend', '2026-07-01T12:00:00.000Z')");
            db.sql(
                    "INSERT INTO content_blobs (id, role, label, body, sealed, sha256, length_bytes, length_chars,"
                            + " created_at, sealed_at) VALUES (1, 'frontend', 'spec', 'sealed body', 1, ?, 11, 11,"
                            + " '2026-07-01T13:00:00.000Z', '2026-07-01T13:01:00.000Z')",
                    Digest.of("sealed body").sha256());
            db.sql("INSERT INTO content_blobs (id, role, body, created_at) VALUES (2, 'backend', 'half',"
                    + " '2026-07-01T14:00:00.000Z')");
        }
    }

    @Test
    @DisplayName("an imported channel keeps ids, read state, debts, votes, events, pins with history and uploads;"
            + " the next message continues after the highest id")
    void importsAWholeChannelAsTheToolsSeeIt() throws Exception {
        writeCurrentChannel(2);
        byte[] before = Files.readAllBytes(source);

        CommandRun run = CommandRun.of(backendRole, new MailboxImportCommand(), "", source.toString());

        assertThat(run.status()).as(run.err()).isZero();
        assertThat(run.err()).isEmpty();
        assertThat(run.out())
                .startsWith("imported " + source + " (user_version 2) into channel 'local':\n")
                .containsPattern("mailbox_message +4 rows")
                .containsPattern("mailbox_recipient +5 rows")
                .containsPattern("mailbox_ack +1 rows")
                .containsPattern("mailbox_event +1 rows")
                .containsPattern("mailbox_pin +2 rows")
                .containsPattern("mailbox_upload +2 rows")
                .endsWith("next message id 414, next upload id 3\n");
        assertThat(Files.readAllBytes(source))
                .as("the source file is untouched")
                .isEqualTo(before);
        assertThat(dir.resolve("messages.db-wal"))
                .as("nothing written beside it")
                .doesNotExist();
        assertThat(dir.resolve("messages.db-shm"))
                .as("nothing written beside it")
                .doesNotExist();

        Map<String, Object> inbox = backendRole.ok("read_inbox", args("unread_only", false));
        assertThat(ids(inbox)).containsExactly(1L, 7L, 412L);
        assertThat(result(inbox).getFirst())
                .containsEntry("from", "frontend")
                .containsEntry("created_at", T)
                .containsEntry("read_at", "2026-07-01T10:05:00.000Z");
        assertThat(ids(backendRole.ok("read_inbox", args()))).as("unread only").containsExactly(7L, 412L);

        assertThat(ids(backendRole.ok("open_obligations", args()))).containsExactly(412L);
        List<Map<String, Object>> history = castList(
                backendRole.ok("message_history", args("message_id", 412)).get("events"));
        assertThat(history)
                .singleElement()
                .satisfies(event -> assertThat(event)
                        .containsEntry("event", "work_status:in_progress")
                        .containsEntry("role", "backend")
                        .containsEntry("note", "on it"));

        Map<String, Object> acks = backendRole.ok("get_acknowledgements", args("message_id", 7));
        assertThat(acks).containsEntry("agreed", 1).containsEntry("missing", List.of("infra"));

        Map<String, Object> pin =
                castMap(backendRole.ok("pin_get", args("key", "notes")).get("result"));
        assertThat(pin)
                .containsEntry("version", "2")
                .containsEntry("body", "ротация")
                .containsEntry("body_sha256", Digest.of("ротация").sha256())
                .containsEntry("body_length_bytes", 14L)
                .containsEntry("body_length_chars", 7L);
        assertThat(result(backendRole.ok("pin_history", args("key", "notes"))))
                .extracting(v -> v.get("version"))
                .containsExactly("2", "1");

        assertThat(backendRole.ok("get_content", args("upload_id", 1, "with_body", true)))
                .containsEntry("body", "sealed body")
                .containsEntry("sealed", true)
                .containsEntry("uploaded_by", "frontend")
                .containsEntry("sha256", Digest.of("sealed body").sha256());

        backendRole.refused("get_thread", args("message_id", 999), "NOT_FOUND");
        assertThat(backendRole.send("frontend", "next", "after the import")).isEqualTo(414L);
        assertThat(backendRole.ok("upload_content", args("text", "new"))).containsEntry("upload_id", 3L);
        assertThat(ids(backendRole.ok("search_messages", args("query", "login"))))
                .containsExactly(412L);
    }

    @Test
    @DisplayName("3C.145 a pre-0.2 file (no status column) imports its action_required rows as open debts and a read"
            + " message as opened; a file stamped by a newer build is read as it is when its columns are known")
    void importsAPreZeroTwoFileAsTheOriginalMigratesIt() throws Exception {
        try (OriginalDatabase db = OriginalDatabase.legacy(source)) {
            db.sql("INSERT INTO messages (id, from_role, to_role, topic, body, action_required, created_at, read_at)"
                    + " VALUES (3, 'frontend', 'backend', 'old debt', 'please', 1, '2025-01-01T00:00:00.000Z',"
                    + " NULL), (4, 'frontend', 'backend', 'old note', 'fyi', 0, '2025-01-02T00:00:00.000Z',"
                    + " '2025-01-03T00:00:00.000Z')");
            db.sql("INSERT INTO pinned_entries (key, title, body, version, updated_by, updated_at) VALUES"
                    + " ('glossary', 'Glossary', 'terms', '1', 'frontend', '2025-01-01T00:00:00.000Z')");
        }

        CommandRun run = CommandRun.of(backendRole, new MailboxImportCommand(), "", source.toString());

        assertThat(run.status()).as(run.err()).isZero();
        assertThat(run.out()).startsWith("imported " + source + " (user_version 0) into channel 'local':");
        List<Map<String, Object>> debts = result(backendRole.ok("open_obligations", args()));
        assertThat(debts)
                .singleElement()
                .satisfies(debt -> assertThat(debt).containsEntry("id", 3L).containsEntry("status", "open"));
        assertThat(ids(backendRole.ok("read_inbox", args()))).as("#4 was read").containsExactly(3L);
        assertThat(castMap(backendRole.ok("pin_get", args("key", "glossary")).get("result")))
                .containsEntry("body_sha256", Digest.of("terms").sha256());

        MailboxHarness other = MailboxHarness.open(backend, Files.createDirectories(dir.resolve("newer")), "backend");
        try (other) {
            Path newer = dir.resolve("newer.db");
            try (OriginalDatabase db = OriginalDatabase.current(newer, 3)) {
                db.sql("INSERT INTO messages (id, from_role, to_role, topic, body, created_at) VALUES"
                        + " (1, 'frontend', 'backend', 't', 'b', '2026-01-01T00:00:00.000Z')");
            }
            CommandRun fromNewer = CommandRun.of(other, new MailboxImportCommand(), "", newer.toString());
            assertThat(fromNewer.status()).as(fromNewer.err()).isZero();
            assertThat(fromNewer.out()).contains("(user_version 3, a newer ai-agent-channel's, read as it is)");
            assertThat(ids(other.ok("read_inbox", args()))).containsExactly(1L);
        }
    }

    @Test
    @DisplayName("a newer build's file with a column this import does not know is refused with exit 3 naming the"
            + " version and the column, nothing written")
    void refusesUnknownColumnsOfANewerFile() throws Exception {
        writeCurrentChannel(5);
        try (var connection = java.sql.DriverManager.getConnection("jdbc:sqlite:" + source);
                var statement = connection.createStatement()) {
            statement.execute("ALTER TABLE messages ADD COLUMN priority INTEGER");
        }

        CommandRun run = CommandRun.of(backendRole, new MailboxImportCommand(), "", source.toString());

        assertThat(run.status()).isEqualTo(3);
        assertThat(run.out()).isEmpty();
        assertThat(run.err())
                .startsWith("switchboard: the file (user_version 5, written by a newer ai-agent-channel")
                .contains("[messages.priority]")
                .contains("nothing was imported")
                .doesNotContain("\tat ");
        assertThat(ids(backendRole.ok("read_inbox", args("unread_only", false))))
                .isEmpty();
    }

    @Test
    @DisplayName("an import into a channel that holds a message is refused with exit 3 and writes nothing")
    void refusesANonEmptyChannel() throws Exception {
        writeCurrentChannel(2);
        long existing = backendRole.send("frontend", "already", "here");

        CommandRun run = CommandRun.of(backendRole, new MailboxImportCommand(), "", source.toString());

        assertThat(run.status()).isEqualTo(3);
        assertThat(run.err())
                .startsWith("switchboard: channel 'local' already holds messages, pins or uploads")
                .endsWith("(plugins.mailbox.channel)\n");
        assertThat(ids(backendRole.as("frontend").ok("read_inbox", args("unread_only", false))))
                .containsExactly(existing);
        assertThat(result(backendRole.ok("pin_list", args()))).isEmpty();
        assertThat(backendRole.send("frontend", "next", "b")).isEqualTo(existing + 1);

        CommandRun elsewhere = CommandRun.of(
                backendRole, new MailboxImportCommand(), "", source.toString(), "--channel", "imported", "--json");
        assertThat(elsewhere.status()).as(elsewhere.err()).isZero();
        Map<String, Object> json = castMap(JsonMapper.builder().build().readValue(elsewhere.out(), Map.class));
        assertThat(json)
                .containsEntry("channel", "imported")
                .containsEntry("source_user_version", 2)
                .containsEntry("next_message_id", 414)
                .containsEntry("skipped", Map.of());
        assertThat(castMap(json.get("tables")))
                .containsEntry("mailbox_message", 4)
                .containsEntry("mailbox_pin", 2);
    }

    @Test
    @DisplayName("a message or upload id below 1 or without a successor (Long.MAX_VALUE) is refused with exit 3"
            + " naming the table, row and id, nothing written")
    void refusesIdsWithoutASuccessor() throws Exception {
        try (OriginalDatabase db = OriginalDatabase.current(source, 2)) {
            db.sql("INSERT INTO messages (id, from_role, to_role, topic, body, created_at) VALUES"
                    + " (9223372036854775807, 'frontend', 'backend', 'last', 'b', '" + T + "')");
        }
        CommandRun run = CommandRun.of(backendRole, new MailboxImportCommand(), "", source.toString());
        assertThat(run.status()).isEqualTo(3);
        assertThat(run.out()).isEmpty();
        assertThat(run.err())
                .startsWith("switchboard: the file's messages row id 9223372036854775807 has id 9223372036854775807")
                .contains("nothing was imported")
                .hasLineCount(1);

        Files.delete(source);
        try (OriginalDatabase db = OriginalDatabase.current(source, 2)) {
            db.sql("INSERT INTO messages (id, from_role, to_role, topic, body, created_at) VALUES"
                    + " (1, 'frontend', 'backend', 'hi', 'b', '" + T + "')");
            db.sql("INSERT INTO content_blobs (id, role, body, created_at) VALUES (0, 'backend', 'x', '" + T + "')");
        }
        CommandRun upload = CommandRun.of(backendRole, new MailboxImportCommand(), "", source.toString());
        assertThat(upload.status()).isEqualTo(3);
        assertThat(upload.err()).startsWith("switchboard: the file's content_blobs row id 0 has id 0");
        assertThat(ids(backendRole.as("frontend").ok("read_inbox", args("unread_only", false))))
                .isEmpty();
        assertThat(backendRole.send("frontend", "next", "b")).isEqualTo(1);
    }

    @Test
    @DisplayName("a role name the mailbox refuses, or text with a NUL, is refused with exit 3 naming the table, row"
            + " and column, nothing written; an overlong topic is kept")
    void refusesRoleNamesAndTextTheMailboxRefuses() throws Exception {
        for (String[] bad : List.of(
                new String[] {"'Bad Role!'", "'backend'", "'b'", "from_role 'Bad Role!'"},
                new String[] {"'frontend'", "''", "'b'", "to_role ''"},
                new String[] {"'frontend'", "'backend'", "'a' || char(0) || 'b'", "body that contains a NUL"})) {
            Files.deleteIfExists(source);
            try (OriginalDatabase db = OriginalDatabase.current(source, 2)) {
                db.sql("INSERT INTO messages (id, from_role, to_role, topic, body, created_at) VALUES (5, " + bad[0]
                        + ", " + bad[1] + ", 't', " + bad[2] + ", '" + T + "')");
            }
            CommandRun run = CommandRun.of(backendRole, new MailboxImportCommand(), "", source.toString());
            assertThat(run.status()).as(run.err()).isEqualTo(3);
            assertThat(run.err())
                    .startsWith("switchboard: the file's messages row id 5 has " + bad[3])
                    .contains("nothing was imported")
                    .hasLineCount(1);
        }
        assertThat(ids(backendRole.as("frontend").ok("read_inbox", args("unread_only", false))))
                .isEmpty();

        Files.delete(source);
        String topic = "t".repeat(5000);
        try (OriginalDatabase db = OriginalDatabase.current(source, 2)) {
            db.sql("INSERT INTO messages (id, from_role, to_role, topic, body, created_at) VALUES (5, 'frontend',"
                    + " 'backend', '" + topic + "', 'b', '" + T + "')");
        }
        CommandRun kept = CommandRun.of(backendRole, new MailboxImportCommand(), "", source.toString());
        assertThat(kept.status()).as(kept.err()).isZero();
        assertThat(result(backendRole.ok("read_inbox", args("unread_only", false))))
                .singleElement()
                .satisfies(m -> assertThat(m).containsEntry("topic", topic));
    }

    @Test
    @DisplayName("an event's role that is not a role name is refused with exit 3, naming the row and the column")
    void refusesAnEventRoleThatIsNotARoleName() throws Exception {
        try (OriginalDatabase db = OriginalDatabase.current(source, 2)) {
            db.sql("INSERT INTO messages (id, from_role, to_role, topic, body, created_at) VALUES (5, 'frontend',"
                    + " 'backend', 't', 'b', '" + T + "')");
            db.sql("INSERT INTO message_events (message_id, event, role, note, created_at) VALUES"
                    + " (5, 'reopen', 'Bad Role!', NULL, '" + T + "')");
        }

        CommandRun run =
                CommandRun.of(backendRole, new MailboxImportCommand(), "", source.toString(), "--channel", "events");

        assertThat(run.status()).as(run.err()).isEqualTo(3);
        assertThat(run.err())
                .startsWith("switchboard: the file's message_events row of message_id 5 has role 'Bad Role!', which is"
                        + " not a role name")
                .contains("nothing was imported");
        assertThat(channelRows("events")).isZero();
    }

    private long channelRows(String name) throws SQLException {
        try (var connection = backendRole.storage().dataSource().getConnection();
                var statement = connection.prepareStatement("SELECT count(*) FROM mailbox_channel WHERE name = ?")) {
            statement.setString(1, name);
            try (var rows = statement.executeQuery()) {
                rows.next();
                return rows.getLong(1);
            }
        }
    }

    @Test
    @DisplayName("an import into a hosted channel, or a deleted one, is refused with exit 3, nothing written")
    void refusesHostedAndDeletedChannels() throws Exception {
        writeCurrentChannel(2);
        Principal owner = new Principal("owner", Principal.Kind.OWNER, Map.of());
        // the local channel's own name is refused by create_channel, so the hosted target is named explicitly
        assertThat(backendRole.callAs(owner, "create_channel", args("name", "shared", "roles", List.of("a", "b"))))
                .isInstanceOf(ToolResult.Success.class);
        assertThat(backendRole.callAs(owner, "create_channel", args("name", "gone", "roles", List.of("a", "b"))))
                .isInstanceOf(ToolResult.Success.class);
        assertThat(backendRole.callAs(owner, "delete_channel", args("name", "gone")))
                .isInstanceOf(ToolResult.Success.class);

        for (String[] target :
                List.of(new String[] {"shared", "--channel", "shared"}, new String[] {"gone", "--channel", "gone"})) {
            String[] line = new String[target.length];
            line[0] = source.toString();
            System.arraycopy(target, 1, line, 1, target.length - 1);
            CommandRun run = CommandRun.of(backendRole, new MailboxImportCommand(), "", line);
            assertThat(run.status()).as(run.err()).isEqualTo(3);
            assertThat(run.out()).isEmpty();
            assertThat(run.err())
                    .isEqualTo("switchboard: channel '" + target[0] + "' is a hosted channel (or a deleted one), whose"
                            + " roles act with their role tokens; nothing was imported. Import only into a local"
                            + " channel: --channel NAME with a name no hosted channel has\n");
        }
        CommandRun local =
                CommandRun.of(backendRole, new MailboxImportCommand(), "", source.toString(), "--channel", "mine");
        assertThat(local.status()).as(local.err()).isZero();
    }

    @Test
    @DisplayName("a missing, unreadable or non-SQLite file, or a SQLite file that is no channel, exits 2 with one line")
    void unreadableFilesAreOneLineAndExitTwo() throws Exception {
        Path missing = dir.resolve("nope.db");
        assertThat(CommandRun.of(backendRole, new MailboxImportCommand(), "", missing.toString()))
                .isEqualTo(new CommandRun(2, "", "switchboard: " + missing + ": no such file\n"));

        assertThat(CommandRun.of(backendRole, new MailboxImportCommand(), "", dir.toString()))
                .isEqualTo(new CommandRun(2, "", "switchboard: " + dir + ": not a readable file\n"));

        CommandRun badChannel = CommandRun.of(
                backendRole, new MailboxImportCommand(), "", missing.toString(), "--channel", "Not A Slug");
        assertThat(badChannel.status()).isEqualTo(Subcommand.USAGE);
        assertThat(badChannel.err()).contains("--channel: 'Not A Slug' is not a channel name");

        Path text = Files.writeString(dir.resolve("notes.txt"), "not a database at all, just some text\n".repeat(50));
        CommandRun notSqlite = CommandRun.of(backendRole, new MailboxImportCommand(), "", text.toString());
        assertThat(notSqlite.status()).isEqualTo(2);
        assertThat(notSqlite.err())
                .startsWith("switchboard: " + text + ": not a readable SQLite database (")
                .hasLineCount(1);

        Path other = dir.resolve("other.db");
        try (var connection = java.sql.DriverManager.getConnection("jdbc:sqlite:" + other);
                var statement = connection.createStatement()) {
            statement.execute("CREATE TABLE things (id INTEGER)");
        }
        CommandRun notAChannel = CommandRun.of(backendRole, new MailboxImportCommand(), "", other.toString());
        assertThat(notAChannel.status()).isEqualTo(2);
        assertThat(notAChannel.err())
                .startsWith("switchboard: " + other + ": not an ai-agent-channel channel database")
                .hasLineCount(1);
        assertThat(ids(backendRole.ok("read_inbox", args("unread_only", false))))
                .isEmpty();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> castMap(Object value) {
        return (Map<String, Object>) value;
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> castList(Object value) {
        return (List<Map<String, Object>>) value;
    }
}
