package dev.switchboard.plugin.handoff.adapter.out.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;

import org.junit.jupiter.api.Test;

import dev.switchboard.ports.storage.StorageException;

class DatabaseTest {

    @Test
    void aLockedDatabaseAnywhereInTheCauseChainIsBusy() {
        SQLException busy = new SQLException("[SQLITE_BUSY] The database file is locked", null, 5);

        assertThat(Database.isBusy(new StorageException("cannot begin", busy))).isTrue();
        assertThat(Database.isBusy(new RuntimeException(new SQLException("x", null, 517))))
                .isTrue();
    }

    @Test
    void otherDatabaseFailuresAreNotBusy() {
        SQLException constraint = new SQLException("[SQLITE_CONSTRAINT] UNIQUE constraint failed", null, 19);

        assertThat(Database.isBusy(new StorageException("rolled back", constraint)))
                .isFalse();
        assertThat(Database.isBusy(new IllegalStateException("no SQL at all"))).isFalse();
    }
}
