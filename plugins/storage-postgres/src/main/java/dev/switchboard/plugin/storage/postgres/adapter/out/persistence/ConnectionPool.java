package dev.switchboard.plugin.storage.postgres.adapter.out.persistence;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import org.postgresql.ds.PGSimpleDataSource;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.pool.HikariPool;

import dev.switchboard.ports.storage.StorageException;

/**
 * Opens the HikariCP pool on a {@link PostgresConfig}: the driver's own data source underneath (no
 * {@code DriverManager}, which does not see a plugin's class loader), every connection with the schema as its
 * {@code search_path} and the statement and lock timeouts as session settings (sent with the connection's start-up
 * packet, no extra round trip), and the schema and the adapter's signal log ({@link SignalLog}) created when they are
 * missing. Stateless.
 */
final class ConnectionPool {

    private static final String POOL_NAME = "switchboard-postgres";

    private ConnectionPool() {}

    /**
     * Checks the server on one connection of the driver's own first (so a refused login or an unreachable server
     * fails at once, with the driver's reason, instead of as a pool timeout), then opens the pool.
     *
     * @param passwords where each new connection's password is read
     * @param logins    where refused logins are reported
     * @return the open pool, its schema present, on a server {@link PostgresVersion} supports, and whether the signal log is
     * @throws StorageException if the server cannot be reached, refuses the login, is older than {@link PostgresVersion#MINIMUM_MAJOR}, or the schema
     *                          cannot be created: one line for the operator (the URL without credentials, the user;
     *                          "authentication failed for user X" for a refused login) and one for clients naming
     *                          neither ({@link OpenFailure})
     */
    static Opened open(PostgresConfig config, PasswordSource passwords, LoginLog logins) {
        PGSimpleDataSource driver = driverDataSource(config, passwords, logins);
        boolean signalLog;
        try (Connection connection = driver.getConnection()) {
            requireVersion(connection, config);
            createSchemaIfMissing(connection, config.schema());
            signalLog = SignalLog.create(connection);
        } catch (SQLException e) {
            throw OpenFailure.of(config, e);
        }
        HikariConfig hikari = new HikariConfig();
        hikari.setPoolName(POOL_NAME);
        hikari.setDataSource(driver);
        hikari.setMaximumPoolSize(config.poolSize());
        hikari.setConnectionTimeout(Math.max(250, config.connectTimeoutMs()));
        hikari.setInitializationFailTimeout(-1); // checked above, with our message
        try {
            return new Opened(new HikariDataSource(hikari), signalLog);
        } catch (HikariPool.PoolInitializationException e) {
            throw OpenFailure.of(config, e);
        }
    }

    /**
     * @param pool      the open pool
     * @param signalLog whether the schema has the {@link SignalLog} table
     */
    record Opened(HikariDataSource pool, boolean signalLog) {}

    /**
     * @param passwords where each new connection's password is read ({@link LoginDataSource})
     * @param logins    where refused logins are reported
     * @return the driver's data source under the pool: new connections, with the same settings as pooled ones
     */
    static PGSimpleDataSource driverDataSource(PostgresConfig config, PasswordSource passwords, LoginLog logins) {
        PGSimpleDataSource driver = new LoginDataSource(passwords, logins);
        DriverSettings.apply(driver, config);
        return driver;
    }

    private static void requireVersion(Connection connection, PostgresConfig config) throws SQLException {
        int version = serverVersion(connection);
        if (!PostgresVersion.supports(version)) {
            throw OpenFailure.tooOld(config, version);
        }
    }

    /** @return the server's {@code server_version_num}, such as 170006 for 17.6 */
    static int serverVersion(Connection connection) throws SQLException {
        try (Statement show = connection.createStatement();
                ResultSet rows = show.executeQuery("SHOW server_version_num")) {
            rows.next();
            return Integer.parseInt(rows.getString(1));
        }
    }

    private static void createSchemaIfMissing(Connection connection, String schema) throws SQLException {
        try (PreparedStatement select = connection.prepareStatement("SELECT 1 FROM pg_namespace WHERE nspname = ?")) {
            select.setString(1, schema);
            try (ResultSet rows = select.executeQuery()) {
                if (rows.next()) {
                    return;
                }
            }
        }
        try (Statement create = connection.createStatement()) {
            // the name is a checked identifier ([a-z_][a-z0-9_]*), so quoting it is safe
            create.execute("CREATE SCHEMA IF NOT EXISTS \"" + schema + "\"");
        }
    }
}
