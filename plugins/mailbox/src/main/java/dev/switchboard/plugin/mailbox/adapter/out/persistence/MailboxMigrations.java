package dev.switchboard.plugin.mailbox.adapter.out.persistence;

import java.io.UncheckedIOException;
import java.util.List;

import jakarta.inject.Inject;

import org.pf4j.Extension;

import dev.switchboard.ports.storage.Migration;
import dev.switchboard.ports.storage.MigrationSet;
import dev.switchboard.ports.storage.SqlDialect;

/**
 * The mailbox schema, as versioned migrations read from the plugin's class path
 * ({@code db/migration/mailbox/<dialect>/V<n>__<description>.sql}). The kernel applies them through the storage adapter when
 * the plugin starts, before its tools are listed. A released file never changes; a change is a new version.
 */
@Extension
public final class MailboxMigrations implements MigrationSet {

    /** The owner the schema versions are recorded under: the plugin id. */
    public static final String OWNER = "mailbox";

    /**
     * The version the last migration brings the schema to: what the hooks' direct path (ADR 25) reads, and refuses a
     * store at any other version for. A constant, so that reading it loads nothing of this class. Raise it with each
     * new migration (a test keeps it equal to the number of {@link #FILES}).
     */
    public static final int LATEST_VERSION = 8;

    /** The migration files in version order; the class path cannot be listed, so they are named here. */
    private static final List<String> FILES = List.of(
            "V1__create_mailbox_tables.sql",
            "V2__denormalise_work_trail.sql",
            "V3__hosted_registry.sql",
            "V4__board_sessions.sql",
            "V5__fold_planned_once.sql",
            "V6__board_owner_sessions.sql",
            "V7__board_read_indexes.sql",
            "V8__topic_index.sql");

    private static final String DIRECTORY = "/db/migration/mailbox";

    /** Built by the plugin's injector; holds nothing. */
    @Inject
    public MailboxMigrations() {
        // stateless: the migrations are read on demand
    }

    @Override
    public String owner() {
        return OWNER;
    }

    /**
     * @return every migration for the dialect ({@code SQLITE} and {@code POSTGRES} alike: the same versions with the
     *     same meaning), version 1 first
     * @throws UncheckedIOException if a migration file is missing from the plugin jar
     */
    @Override
    public List<Migration> migrations(SqlDialect dialect) {
        return Migration.fromResources(MailboxMigrations.class, DIRECTORY, dialect, FILES);
    }
}
