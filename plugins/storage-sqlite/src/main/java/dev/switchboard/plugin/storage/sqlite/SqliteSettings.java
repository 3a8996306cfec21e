package dev.switchboard.plugin.storage.sqlite;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;

import dev.switchboard.plugin.storage.sqlite.adapter.out.persistence.SqliteSqlStorage;
import dev.switchboard.ports.plugin.InvalidSettingException;
import dev.switchboard.ports.plugin.PluginContext;
import dev.switchboard.ports.plugin.PluginSettings;
import dev.switchboard.ports.storage.StorageException;

/**
 * The plugin's settings, read from its configuration subtree ({@code plugins.storage-sqlite}). Public for the hooks'
 * direct path (ADR 25), which opens the same file read-only without starting the plugin. Immutable.
 *
 * @param file          absolute, normalised path of the database file
 * @param busyTimeoutMs how long, in milliseconds, a connection waits for a lock held by another connection
 * @param signalPoll    how often other processes' change signals are looked for, while anyone subscribes
 * @param busyRetry     how long a transaction or snapshot that met a database locked past the busy timeout keeps
 *                      being retried from scratch
 */
public record SqliteSettings(Path file, int busyTimeoutMs, Duration signalPoll, Duration busyRetry) {

    static final String PATH_KEY = "path";
    static final String BUSY_TIMEOUT_KEY = "busy-timeout-ms";
    static final String DEFAULT_FILE_NAME = "switchboard.db";
    static final int DEFAULT_BUSY_TIMEOUT_MS = 5000;
    static final String SIGNAL_POLL_KEY = "signal-poll-ms";
    static final String BUSY_RETRY_KEY = "busy-retry-ms";
    static final int MIN_SIGNAL_POLL_MS = 10;
    static final int MAX_SIGNAL_POLL_MS = 1000;

    /**
     * Reads the settings. {@code path} defaults to {@code <stateDir>/switchboard.db}; a leading {@code ~} stands for
     * {@code home}; a relative path is taken relative to the state directory, because the working directory of a
     * server started by an MCP client is arbitrary.
     *
     * @throws StorageException if a value is malformed
     */
    public static SqliteSettings from(PluginContext context, Path home) {
        PluginSettings settings = context.settings();
        Path stateDir = context.stateDir();
        try {
            settings.requireKnownKeys(Set.of(PATH_KEY, BUSY_TIMEOUT_KEY, SIGNAL_POLL_KEY, BUSY_RETRY_KEY));
            String path = settings.text(PATH_KEY, "");
            Path file = path.isEmpty() ? stateDir.resolve(DEFAULT_FILE_NAME) : resolve(settings, path, home, stateDir);
            int busyTimeoutMs = settings.integer(BUSY_TIMEOUT_KEY, DEFAULT_BUSY_TIMEOUT_MS, 0, Integer.MAX_VALUE);
            int signalPollMs = settings.integer(
                    SIGNAL_POLL_KEY, SqliteSqlStorage.DEFAULT_SIGNAL_POLL_MS, MIN_SIGNAL_POLL_MS, MAX_SIGNAL_POLL_MS);
            int busyRetryMs =
                    settings.integer(BUSY_RETRY_KEY, SqliteSqlStorage.DEFAULT_BUSY_RETRY_MS, 0, Integer.MAX_VALUE);
            return new SqliteSettings(
                    file.toAbsolutePath().normalize(),
                    busyTimeoutMs,
                    Duration.ofMillis(signalPollMs),
                    Duration.ofMillis(busyRetryMs));
        } catch (InvalidSettingException e) {
            // StorageProvider.open reports every failure to open, a malformed setting too, as a StorageException.
            throw new StorageException(e.getMessage(), e);
        }
    }

    private static Path resolve(PluginSettings settings, String value, Path home, Path stateDir) {
        if (value.contains("?")) {
            // sqlite-jdbc reads everything after '?' in its URL as connection parameters.
            throw settings.invalid(PATH_KEY, value, "a file path without '?'");
        }
        if (value.equals("~")) {
            throw settings.invalid(PATH_KEY, value, "a file path, not the home directory");
        }
        if (value.startsWith("~/")) {
            return home.resolve(value.substring(2));
        }
        return stateDir.resolve(value);
    }
}
