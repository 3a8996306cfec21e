package dev.switchboard.plugin.storage.sqlite.adapter.out.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.ports.storage.StorageBusyException;
import dev.switchboard.ports.storage.StorageStatistics;

class StorageStatisticsTest {

    @TempDir
    Path temp;

    @Test
    void committedAndRolledBackTransactionsAreCounted() {
        try (SqliteSqlStorage storage = SqliteSqlStorage.open(temp.resolve("test.db"), 5000)) {
            storage.transaction(c -> Sql.update(c, "CREATE TABLE t (n INTEGER)"));
            storage.transaction(c -> Sql.update(c, "INSERT INTO t VALUES (1)"));
            assertThatThrownBy(() -> storage.transaction(c -> {
                        Sql.update(c, "INSERT INTO t VALUES (2)");
                        throw new IllegalStateException("work failed");
                    }))
                    .isInstanceOf(IllegalStateException.class);

            assertThat(storage.statistics()).contains(new StorageStatistics(2, 1, 0));
        }
    }

    @Test
    void aTransactionThatMeetsAnotherWritersLockFailsAsBusyAndIsCounted() throws Exception {
        Path file = temp.resolve("locked.db");
        try (SqliteSqlStorage storage = SqliteSqlStorage.open(file, 0, Duration.ofMillis(50), Duration.ZERO)) {
            storage.transaction(c -> Sql.update(c, "CREATE TABLE t (n INTEGER)"));
            try (Connection other = DriverManager.getConnection("jdbc:sqlite:" + file);
                    Statement statement = other.createStatement()) {
                statement.execute("BEGIN IMMEDIATE");

                assertThatThrownBy(() -> storage.transaction(c -> Sql.update(c, "INSERT INTO t VALUES (1)")))
                        .isInstanceOf(StorageBusyException.class)
                        .hasMessageContaining("busy timeout")
                        .hasRootCauseInstanceOf(SQLException.class);

                statement.execute("ROLLBACK");
            }

            assertThat(storage.statistics()).contains(new StorageStatistics(1, 1, 1));
        }
    }
}
