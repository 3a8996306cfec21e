package dev.switchboard.testkit.storage;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One empty database on the test JVM's embedded PostgreSQL ({@link TestPostgres#database()}). Immutable.
 *
 * @param url  its JDBC URL, such as {@code jdbc:postgresql://localhost:41234/t_1x2_3}
 * @param user the role that owns it and logs in without a password (trust authentication on loopback)
 * @param name the database's name
 * @param port the server's TCP port on loopback
 */
public record TestDatabase(String url, String user, String name, int port) {

    /** @return {@code plugins.storage-postgres} settings that open this database: {@code url} and {@code user} */
    public Map<String, Object> settings() {
        return Map.of("url", url, "user", user);
    }

    /**
     * @param extra more {@code plugins.storage-postgres} settings, such as {@code schema} or {@code pool-size}
     * @return {@link #settings()} plus {@code extra}
     */
    public Map<String, Object> settings(Map<String, Object> extra) {
        Map<String, Object> all = new LinkedHashMap<>(settings());
        all.putAll(extra);
        return Map.copyOf(all);
    }

    /**
     * @return the environment that points a distribution's {@code bin/switchboard} at this database:
     *         {@code SWITCHBOARD_KERNEL__STORAGE=postgres} and the {@code plugins.storage-postgres} URL and user
     */
    public Map<String, String> environment() {
        return Map.of(
                "SWITCHBOARD_KERNEL__STORAGE", "postgres",
                "SWITCHBOARD_PLUGINS__STORAGE_POSTGRES__URL", url,
                "SWITCHBOARD_PLUGINS__STORAGE_POSTGRES__USER", user);
    }

    /**
     * @return a new connection to this database as {@link #user()}, outside any adapter (for a test's own checks or
     *         to hold a lock); the caller closes it
     * @throws SQLException if the server refuses it
     */
    public Connection connect() throws SQLException {
        return DriverManager.getConnection(url, user, null);
    }

    /**
     * Drops this database (forcing off any connection still open), so the embedded server's data directory stays
     * small: the server deletes it at the end of the JVM, and with a database left behind by each of some hundred
     * tests that took longer than surefire's 30 s exit timeout on a 2-core machine. Idempotent.
     *
     * @throws IllegalStateException if the server refuses
     */
    public void drop() {
        String admin = url.substring(0, url.lastIndexOf('/') + 1) + "postgres";
        try (Connection connection = DriverManager.getConnection(admin, user, null);
                Statement statement = connection.createStatement()) {
            statement.execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
        } catch (SQLException e) {
            throw new IllegalStateException("cannot drop the test database " + name, e);
        }
    }
}
