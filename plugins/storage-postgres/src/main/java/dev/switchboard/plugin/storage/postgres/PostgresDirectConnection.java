package dev.switchboard.plugin.storage.postgres;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;

import org.postgresql.ds.PGSimpleDataSource;

import dev.switchboard.plugin.storage.postgres.adapter.out.persistence.DriverSettings;
import dev.switchboard.plugin.storage.postgres.adapter.out.persistence.PostgresConfig;
import dev.switchboard.ports.plugin.PluginContext;
import dev.switchboard.ports.storage.StorageException;

/**
 * One read-only connection to the configured PostgreSQL schema, for the hooks' direct path (ADR 25, ADR 65), which
 * reads a few counts without starting the plugin: the same settings as the plugin's ({@code plugins.storage-postgres},
 * the password from its file or variable, read once), the same driver settings as the pool's connections
 * ({@link DriverSettings}), and nothing else: no pool, no server version check, no schema creation, no migrations,
 * no change signals. A schema the plugin has not created yet reads as one without the mailbox's tables. Public as the
 * plugin's one entry point for the direct path; immutable and thread-safe.
 */
public final class PostgresDirectConnection {

    private final PostgresConfig config;

    private PostgresDirectConnection(PostgresConfig config) {
        this.config = config;
    }

    /**
     * Reads the settings as the plugin would.
     *
     * @param context the plugin's context ({@code plugins.storage-postgres} and the state directory, for a relative
     *     {@code password-file})
     * @param env     the process environment (the password variable)
     * @param home    the user's home, for a leading {@code ~} in {@code password-file}
     * @return the connection's settings
     * @throws StorageException if a setting is missing or malformed, or the password cannot be read; the message names
     *     the key and never a password
     */
    public static PostgresDirectConnection from(PluginContext context, Map<String, String> env, Path home) {
        return new PostgresDirectConnection(PostgresSettings.from(context, env, home));
    }

    /**
     * Opens the connection: read-only, not in auto-commit mode (the caller's reads share one transaction until it
     * rolls back), with the schema as its {@code search_path}.
     *
     * @return the open connection; the caller closes it
     * @throws SQLException if the server cannot be reached or refuses the login
     */
    public Connection open() throws SQLException {
        PGSimpleDataSource driver = new PGSimpleDataSource();
        DriverSettings.apply(driver, config);
        Connection connection =
                driver.getConnection(driver.getUser(), config.password().orElse(null));
        try {
            connection.setAutoCommit(false);
            connection.setReadOnly(true);
            return connection;
        } catch (SQLException e) {
            connection.close();
            throw e;
        }
    }
}
