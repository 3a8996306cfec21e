package dev.switchboard.plugin.handoff;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

import dev.switchboard.testkit.storage.TestDatabase;

/**
 * Drops a test's PostgreSQL database when the test is done with it, so the embedded server's data directory stays
 * small: at the end of the JVM the server deletes it, and with a database left behind by each of some hundred tests
 * that took longer than surefire's 30 s exit timeout on this machine.
 */
final class TestDatabases {

    private TestDatabases() {}

    /** @param database a database no connection uses any more */
    static void drop(TestDatabase database) {
        String admin = database.url().substring(0, database.url().lastIndexOf('/') + 1) + "postgres";
        try (Connection connection = DriverManager.getConnection(admin, database.user(), null);
                Statement statement = connection.createStatement()) {
            statement.execute("DROP DATABASE IF EXISTS " + database.name() + " WITH (FORCE)");
        } catch (SQLException e) {
            throw new IllegalStateException("cannot drop the test database " + database.name(), e);
        }
    }
}
