package dev.switchboard.plugin.mailbox.hook.adapter.out.persistence;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;

import jakarta.inject.Inject;
import jakarta.inject.Provider;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.adapter.out.persistence.MailboxMigrations;
import dev.switchboard.plugin.mailbox.hook.application.CountsLookup;
import dev.switchboard.plugin.mailbox.hook.application.port.out.HookFailure;
import dev.switchboard.plugin.mailbox.hook.application.port.out.MailboxSchema;
import dev.switchboard.ports.storage.SqlStorage;
import dev.switchboard.ports.storage.StorageException;

/**
 * {@link MailboxSchema} from the store's migration record ({@code switchboard_schema_version}, the mailbox's rows under
 * {@link MailboxMigrations#OWNER}), in plain JDBC so that the hooks' direct path (ADR 25) reads it with the same rule
 * ({@link #version}, {@link #whyNotReadable}) without loading jOOQ. The rule: the counts' queries are written for
 * {@link MailboxMigrations#LATEST_VERSION} and read no other. Thread-safe.
 */
@Singleton
public final class RecordedSchema implements MailboxSchema {

    private static final String VERSION_TABLE = "switchboard_schema_version";
    private static final String VERSION = "SELECT max(version) FROM " + VERSION_TABLE + " WHERE owner = ?";

    private final Provider<SqlStorage> storage;
    private volatile boolean readable;

    /** @param storage the plugin's storage, reached on the first check */
    @Inject
    public RecordedSchema(Provider<SqlStorage> storage) {
        this.storage = storage;
    }

    @Override
    public void requireReadable() {
        if (readable) {
            return;
        }
        Optional<String> why;
        try (Connection connection = storage.get().dataSource().getConnection()) {
            why = whyNotReadable(version(connection));
        } catch (SQLException e) {
            throw new StorageException("the mailbox's schema version cannot be read: " + e.getMessage(), e);
        }
        if (why.isPresent()) {
            throw new HookFailure(HookFailure.Kind.STORE, why.get());
        }
        readable = true;
    }

    /**
     * @param connection a connection to the store (read-only will do); nothing is written
     * @return the mailbox's recorded schema version, {@code 0} when none is recorded (no record table, or no mailbox
     *     row in it)
     * @throws SQLException if the store cannot be read
     */
    public static int version(Connection connection) throws SQLException {
        if (!hasVersionTable(connection)) {
            return 0;
        }
        try (PreparedStatement select = connection.prepareStatement(VERSION)) {
            select.setString(1, MailboxMigrations.OWNER);
            try (ResultSet row = select.executeQuery()) {
                return row.next() ? row.getInt(1) : 0;
            }
        }
    }

    /**
     * @param version the mailbox's recorded schema version ({@link #version})
     * @return why the counts' queries cannot read a store at that version, in words for the user; empty at
     *     {@link MailboxMigrations#LATEST_VERSION}
     */
    public static Optional<String> whyNotReadable(int version) {
        int latest = MailboxMigrations.LATEST_VERSION;
        if (version == latest) {
            return Optional.empty();
        }
        if (version <= 0) {
            return Optional.of(CountsLookup.unreadableStore(
                    "it holds no mailbox tables: no server with the mailbox plugin has used it"));
        }
        if (version > latest) {
            return Optional.of("the local mailbox store's schema is at version " + version + ", newer than this"
                    + " Switchboard reads (" + latest + "); use the Switchboard that wrote it, or a newer one");
        }
        return Optional.of("the local mailbox store's schema is at version " + version + ", older than this"
                + " Switchboard reads (" + latest + "); `switchboard serve` migrates it");
    }

    private static boolean hasVersionTable(Connection connection) throws SQLException {
        // the connection's own schema (PostgreSQL's configured one; SQLite has none): not another schema's record
        try (ResultSet tables = connection
                .getMetaData()
                .getTables(null, connection.getSchema(), VERSION_TABLE, new String[] {"TABLE"})) {
            return tables.next();
        }
    }
}
