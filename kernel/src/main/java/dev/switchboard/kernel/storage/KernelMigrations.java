package dev.switchboard.kernel.storage;

import java.util.List;

import dev.switchboard.ports.storage.Migration;

/**
 * The kernel's own tables, applied through the storage's migration mechanism under the owner {@value #OWNER} like a
 * plugin's ({@link dev.switchboard.ports.storage.SqlStorage#migrate}), when the kernel first needs them (not at every
 * start: a store no modern client ever asked stays as it was). Their names start {@code switchboard_}, so
 * {@code storage copy} treats them as the adapters' bookkeeping and copies no row of them ({@link StorageCopy}).
 * Stateless.
 */
public final class KernelMigrations {

    /** The owner the kernel's versions are recorded under. */
    public static final String OWNER = "kernel";

    /**
     * Version 1: the request-state sealing key (ADR 46), one row at most ({@code id} 1), the key as unpadded base64url
     * text (the same on every backend), when it was drawn as UTF ISO-8601 text.
     */
    private static final Migration SEALING_KEY =
            new Migration(1, "create sealing key", "CREATE TABLE " + SealingKeyTable.DEFINITION);

    /** The sealing key's table, in the words of version 1, which {@link StoredSealingKey} repeats when it is gone. */
    static final class SealingKeyTable {

        /** The table's name and columns, after {@code CREATE TABLE}. */
        static final String DEFINITION = """
                switchboard_sealing_key (
                    id         INTEGER PRIMARY KEY CHECK (id = 1),
                    sealing    TEXT    NOT NULL,
                    created_at TEXT    NOT NULL
                )""";

        /** Creates the table when it is missing; the same SQL for every dialect. */
        static final String CREATE_IF_MISSING = "CREATE TABLE IF NOT EXISTS " + DEFINITION;

        private SealingKeyTable() {}
    }

    private KernelMigrations() {}

    /** @return the kernel's migrations, the same SQL for every dialect */
    public static List<Migration> all() {
        return List.of(SEALING_KEY);
    }
}
