package dev.switchboard.plugin.mailbox.search.adapter.out.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.inject.AbstractModule;

import dev.switchboard.plugin.mailbox.adapter.out.persistence.MailboxMigrations;
import dev.switchboard.ports.storage.Migration;
import dev.switchboard.ports.storage.SqlDialect;
import dev.switchboard.ports.storage.SqlStorage;
import dev.switchboard.testkit.PluginTestBed;
import dev.switchboard.testkit.storage.TestDatabase;
import dev.switchboard.testkit.storage.TestPostgres;

/**
 * Schema version 5 on PostgreSQL (ADR 73): a store written at version 4 upgrades in place, its messages fold as they
 * did and its trigram indexes still find them (they are not rebuilt: the fold's results do not change), and the fold
 * is inlined into the statements that call it (on 14 to 16 its case lookup no longer makes a plan per statement; on
 * 17 it was already {@code lower(... COLLATE pg_c_utf8)}). Runs on whichever major the test JVM has (17, and 14 in
 * the build's second execution).
 */
class FoldUpgradeOnPostgresTest {

    private static final String SENT = "2026-08-01T09:00:00.000Z";
    private static final String[][] MESSAGES = {
        {"Ротация KEYS", "the Ротация of keys"},
        {"İstanbul plan", "ΣΑΣ meeting in İstanbul"},
        {"plain Rotation", "ASCII only, ROTATION of keys"},
        {"Ǆemal", "Ǆ and Ω and Ⅻ"},
    };

    @TempDir
    Path dir;

    private TestDatabase database;
    private PluginTestBed bed;
    private SqlStorage storage;
    private List<String> foldedAtVersionFour;

    /** A plugin without migrations: its bed opens the storage, on which the test applies versions 1 to 4. */
    static final class VersionFourStore extends AbstractModule {}

    @BeforeEach
    void writeAVersionFourStoreAndUpgradeIt() {
        database = TestPostgres.database();
        bed = PluginTestBed.of("mailbox-v4", new VersionFourStore())
                .backend("postgres")
                .storageSettings(database.settings())
                .withoutStartingServices()
                .start(dir);
        storage = bed.storage().orElseThrow();
        List<Migration> all = new MailboxMigrations().migrations(SqlDialect.POSTGRES);
        assertThat(storage.migrate(MailboxMigrations.OWNER, all.subList(0, 4))).isEqualTo(4);
        storage.transaction(connection -> {
            seed(connection);
            return null;
        });
        foldedAtVersionFour = folded();
        assertThat(storage.migrate(MailboxMigrations.OWNER, all)).isEqualTo(MailboxMigrations.LATEST_VERSION);
    }

    @AfterEach
    void close() {
        bed.close();
        database.drop();
    }

    @Test
    void theUpgradedStoresMessagesFoldAsTheyDidAtVersionFour() {
        assertThat(folded()).isEqualTo(foldedAtVersionFour).hasSize(MESSAGES.length * 2);
    }

    @Test
    void theTrigramIndexesWrittenAtVersionFourStillFindTheirMessages() {
        assertThat(foundThroughTheIndex("ротация")).containsExactly(1L);
        assertThat(foundThroughTheIndex("istanbul")).containsExactly(2L);
        assertThat(foundThroughTheIndex("rotation")).containsExactly(3L);
        assertThat(foundThroughTheIndex("ǆ and ω")).containsExactly(4L);
    }

    @Test
    void aMessageSentAfterTheUpgradeIsFoundThroughTheIndexes() {
        storage.transaction(connection -> {
            message(connection, 5, "Ωmega ROTATION", "Ротация after the upgrade");
            return null;
        });
        assertThat(foundThroughTheIndex("ротация")).containsExactly(1L, 5L);
        assertThat(foundThroughTheIndex("rotation")).containsExactly(3L, 5L);
    }

    @Test
    void theFoldIsInlinedIntoTheStatementsThatCallIt() {
        String plan = storage.transaction(connection -> {
            StringBuilder lines = new StringBuilder();
            try (Statement explain = connection.createStatement();
                    ResultSet rows = explain.executeQuery(
                            "EXPLAIN (VERBOSE, COSTS OFF) SELECT mailbox_fold(topic) FROM mailbox_message")) {
                while (rows.next()) {
                    lines.append(rows.getString(1)).append('\n');
                }
            }
            return lines.toString();
        });
        assertThat(plan).contains("lower(").doesNotContain("mailbox_fold(");
    }

    private List<Long> foundThroughTheIndex(String term) {
        return storage.transaction(connection -> {
            try (Statement off = connection.createStatement()) {
                off.execute("SET LOCAL enable_seqscan = off");
            }
            List<Long> ids = new ArrayList<>();
            try (PreparedStatement select = connection.prepareStatement("SELECT id FROM mailbox_message"
                    + " WHERE deleted_at IS NULL AND (mailbox_fold(topic) LIKE ? OR mailbox_fold(body) LIKE ?)"
                    + " ORDER BY id")) {
                select.setString(1, "%" + term + "%");
                select.setString(2, "%" + term + "%");
                try (ResultSet rows = select.executeQuery()) {
                    while (rows.next()) {
                        ids.add(rows.getLong(1));
                    }
                }
            }
            return ids;
        });
    }

    private List<String> folded() {
        return storage.transaction(connection -> {
            List<String> texts = new ArrayList<>();
            try (Statement select = connection.createStatement();
                    ResultSet rows = select.executeQuery(
                            "SELECT mailbox_fold(topic), mailbox_fold(body) FROM mailbox_message ORDER BY id")) {
                while (rows.next()) {
                    texts.add(rows.getString(1));
                    texts.add(rows.getString(2));
                }
            }
            return texts;
        });
    }

    private static void seed(Connection connection) throws SQLException {
        try (PreparedStatement channel = connection.prepareStatement(
                "INSERT INTO mailbox_channel (name, created_at, next_message_id) VALUES ('local', ?, 5)")) {
            channel.setString(1, SENT);
            channel.executeUpdate();
        }
        for (int i = 0; i < MESSAGES.length; i++) {
            message(connection, i + 1, MESSAGES[i][0], MESSAGES[i][1]);
        }
    }

    private static void message(Connection connection, long id, String topic, String body) throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement(
                "INSERT INTO mailbox_message (channel_id, id, from_role, to_role, topic, body, created_at)"
                        + " VALUES (1, ?, 'frontend', 'backend', ?, ?, ?)")) {
            insert.setLong(1, id);
            insert.setString(2, topic);
            insert.setString(3, body);
            insert.setString(4, SENT);
            insert.executeUpdate();
        }
    }
}
