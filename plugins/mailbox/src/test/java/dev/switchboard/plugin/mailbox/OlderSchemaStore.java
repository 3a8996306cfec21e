package dev.switchboard.plugin.mailbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import com.google.inject.AbstractModule;

import dev.switchboard.plugin.mailbox.adapter.out.persistence.MailboxMigrations;
import dev.switchboard.ports.storage.SqlStorage;
import dev.switchboard.ports.storage.SqlWork;
import dev.switchboard.testkit.PluginTestBed;
import dev.switchboard.testkit.storage.TestDatabase;

/**
 * A mailbox store as an earlier build left it, for the upgrade tests: the storage opened on {@code dir} (and on a
 * PostgreSQL database when one is given) by a plugin without migrations, the mailbox's migrations applied up to a
 * version, then the test's rows written in one transaction. A {@link MailboxHarness} opened on the same place next
 * upgrades the store as a server's start does.
 */
public final class OlderSchemaStore {

    /** A plugin without migrations: its bed opens the storage and nothing else. */
    static final class NoMigrations extends AbstractModule {}

    private OlderSchemaStore() {}

    /**
     * Writes the store and closes it.
     *
     * @param backend  {@code sqlite} or {@code postgres}
     * @param dir      the state directory (the SQLite file's)
     * @param database the PostgreSQL database, or null on SQLite
     * @param version  the schema version to stop at, from 1 to {@link MailboxMigrations#LATEST_VERSION}
     * @param rows     what the earlier build wrote, in one transaction at that version
     */
    public static void write(String backend, Path dir, TestDatabase database, int version, SqlWork<?> rows) {
        PluginTestBed.Builder builder =
                PluginTestBed.of("mailbox-v" + version, new NoMigrations()).backend(backend);
        if (database != null) {
            builder.storageSettings(database.settings());
        }
        try (PluginTestBed bed = builder.withoutStartingServices().start(dir)) {
            SqlStorage storage = bed.storage().orElseThrow();
            assertThat(storage.migrate(
                            MailboxMigrations.OWNER,
                            new MailboxMigrations()
                                    .migrations(storage.dialect())
                                    .subList(0, version)))
                    .isEqualTo(version);
            storage.transaction(rows);
        }
    }
}
