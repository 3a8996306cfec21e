package dev.switchboard.plugin.mailbox;

import java.nio.file.Path;

import dev.switchboard.ports.storage.SqlStorage;
import dev.switchboard.testkit.PluginTestBed;
import dev.switchboard.testkit.storage.TestDatabase;
import dev.switchboard.testkit.storage.TestPostgres;

/**
 * The mailbox's schema on a real database, without its tools or services, for tests that read and write the tables
 * directly (schema rules, SQL of one adapter): the plugin's migrations applied by the kernel on a SQLite file in
 * {@code dir}, or on a new database of the test JVM's embedded PostgreSQL. For tools, use {@link MailboxHarness}.
 * Not thread-safe; close it after each test (closing drops the PostgreSQL database).
 */
public final class MailboxStore implements AutoCloseable {

    private final PluginTestBed bed;
    private final TestDatabase database;

    private MailboxStore(PluginTestBed bed, TestDatabase database) {
        this.bed = bed;
        this.database = database;
    }

    /**
     * @param backend {@code sqlite} or {@code postgres}
     * @param dir     an empty temporary directory (the SQLite file, the kernel's state)
     * @return the store, migrated
     */
    public static MailboxStore open(String backend, Path dir) {
        PluginTestBed.Builder builder =
                PluginTestBed.of("mailbox", new MailboxModule()).backend(backend);
        TestDatabase database = backend.equals("postgres") ? TestPostgres.database() : null;
        if (database != null) {
            builder.storageSettings(database.settings());
        }
        return new MailboxStore(builder.withoutStartingServices().start(dir), database);
    }

    /** @return the kernel's storage on the store */
    public SqlStorage storage() {
        return bed.storage().orElseThrow();
    }

    /** Closes the kernel and drops the PostgreSQL database made for the store. */
    @Override
    public void close() {
        bed.close();
        if (database != null) {
            database.drop();
        }
    }
}
