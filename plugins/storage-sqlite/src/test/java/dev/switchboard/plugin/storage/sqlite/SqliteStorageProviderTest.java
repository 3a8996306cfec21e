package dev.switchboard.plugin.storage.sqlite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.ports.plugin.PluginContext;
import dev.switchboard.ports.storage.Migration;
import dev.switchboard.ports.storage.SqlDialect;
import dev.switchboard.ports.storage.SqlStorage;
import dev.switchboard.ports.storage.StorageException;

class SqliteStorageProviderTest {

    @TempDir
    Path temp;

    private static SqliteStorageProvider provider(Path stateDir, Map<String, Object> config) {
        return new SqliteStorageProvider(new PluginContext("storage-sqlite", config, stateDir));
    }

    private static String mode(Path path) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(path));
    }

    @Test
    void opensNewDatabaseOwnerOnlyInCreatedStateDirectories() throws IOException {
        Path stateDir = temp.resolve("home/.switchboard");
        SqliteStorageProvider provider = provider(stateDir, Map.of());
        try {
            SqlStorage storage = provider.open();
            storage.transaction(connection -> {
                try (Statement statement = connection.createStatement()) {
                    return statement.executeUpdate("CREATE TABLE t(x)");
                }
            });

            Path file = stateDir.resolve("switchboard.db");
            assertThat(storage.location()).isEqualTo(file.toAbsolutePath().toString());
            assertThat(mode(file)).isEqualTo("rw-------");
            assertThat(mode(temp.resolve("home"))).isEqualTo("rwx------");
            assertThat(mode(stateDir)).isEqualTo("rwx------");
            assertThat(Path.of(file + "-wal")).exists();
            assertThat(mode(Path.of(file + "-wal"))).isEqualTo("rw-------");
            assertThat(mode(Path.of(file + "-shm"))).isEqualTo("rw-------");
        } finally {
            provider.close();
        }
    }

    @Test
    void openingOnlyAnExistingDatabaseRefusesAMissingOneAndCreatesNothing() {
        Path stateDir = temp.resolve("never-served");
        SqliteStorageProvider provider = provider(stateDir, Map.of());
        try {
            assertThatThrownBy(provider::openExisting)
                    .isInstanceOf(StorageException.class)
                    .hasMessageStartingWith("there is no database file at " + stateDir.resolve("switchboard.db"))
                    .hasMessageContaining("has `switchboard serve` run on it once, with this state directory?")
                    .hasMessageEndingWith("this command does not create it");
            assertThat(stateDir)
                    .as("neither the file nor its directory is created")
                    .doesNotExist();
        } finally {
            provider.close();
        }
    }

    @Test
    void openingOnlyAnExistingDatabaseOpensOneAServerCreated() {
        Path stateDir = temp.resolve("served");
        SqliteStorageProvider server = provider(stateDir, Map.of());
        server.open().transaction(connection -> {
            try (Statement statement = connection.createStatement()) {
                return statement.executeUpdate("CREATE TABLE t(x)");
            }
        });
        server.close();
        SqliteStorageProvider reader = provider(stateDir, Map.of());
        try {
            Integer rows = reader.openExisting().transaction(connection -> {
                try (Statement statement = connection.createStatement();
                        ResultSet result = statement.executeQuery("SELECT count(*) FROM t")) {
                    result.next();
                    return result.getInt(1);
                }
            });
            assertThat(rows).as("the server's table is there").isZero();
        } finally {
            reader.close();
        }
    }

    @Test
    void restrictsExistingDatabaseFileButNotExistingDirectories() throws IOException {
        Files.setPosixFilePermissions(temp, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path file = temp.resolve("custom.db");
        Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-r--r--")));
        SqliteStorageProvider provider = provider(temp.resolve("unused-state"), Map.of("path", file.toString()));
        try {
            provider.open();

            assertThat(mode(file)).isEqualTo("rw-------");
            assertThat(mode(temp)).isEqualTo("rwxr-xr-x");
            assertThat(temp.resolve("unused-state")).doesNotExist();
        } finally {
            provider.close();
        }
    }

    @Test
    void describesItselfAsSqlite() {
        SqliteStorageProvider provider = provider(temp, Map.of());
        try {
            SqlStorage storage = provider.open();

            assertThat(provider.backend()).isEqualTo("sqlite");
            assertThat(storage.backend()).isEqualTo("sqlite");
            assertThat(storage.dialect()).isEqualTo(SqlDialect.SQLITE);
            assertThat(provider.open()).isSameAs(storage);
        } finally {
            provider.close();
        }
    }

    @Test
    void appliesConfiguredBusyTimeoutToEveryConnection() throws SQLException {
        SqliteStorageProvider provider = provider(temp, Map.of("busy-timeout-ms", 1234));
        try {
            SqlStorage storage = provider.open();

            String writerTimeout = storage.transaction(connection -> pragma(connection, "busy_timeout"));

            assertThat(writerTimeout).isEqualTo("1234");
            try (Connection connection = storage.dataSource().getConnection()) {
                assertThat(pragma(connection, "busy_timeout")).isEqualTo("1234");
            }
        } finally {
            provider.close();
        }
    }

    @Test
    void closingTwiceIsHarmlessAndClosedStorageRefusesWork() {
        SqliteStorageProvider provider = provider(temp, Map.of());
        SqlStorage storage = provider.open();

        provider.close();
        provider.close();

        assertThatThrownBy(() -> storage.transaction(connection -> 1))
                .isInstanceOf(StorageException.class)
                .hasMessageContaining("closed");
        assertThatThrownBy(() -> storage.dataSource().getConnection())
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("closed");
    }

    @Test
    void keepsAppliedMigrationsAcrossRestart() throws SQLException {
        Migration first = new Migration(1, "create notes", """
                CREATE TABLE notes(id INTEGER PRIMARY KEY, body TEXT NOT NULL);
                INSERT INTO notes(body) VALUES ('seed');
                """);
        Migration second = new Migration(2, "add tags", "ALTER TABLE notes ADD COLUMN tags TEXT;");

        SqliteStorageProvider before = provider(temp, Map.of());
        assertThat(before.open().migrate("notes", List.of(first))).isEqualTo(1);
        before.close();

        SqliteStorageProvider after = provider(temp, Map.of());
        try {
            SqlStorage storage = after.open();

            assertThat(storage.migrate("notes", List.of(first, second))).isEqualTo(2);
            try (Connection connection = storage.dataSource().getConnection();
                    Statement statement = connection.createStatement();
                    ResultSet rows = statement.executeQuery("SELECT count(*), max(tags IS NULL) FROM notes")) {
                rows.next();
                assertThat(rows.getInt(1)).isEqualTo(1);
                assertThat(rows.getInt(2)).isEqualTo(1);
            }
        } finally {
            after.close();
        }
    }

    private static String pragma(Connection connection, String name) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet result = statement.executeQuery("PRAGMA " + name)) {
            result.next();
            return result.getString(1);
        }
    }
}
