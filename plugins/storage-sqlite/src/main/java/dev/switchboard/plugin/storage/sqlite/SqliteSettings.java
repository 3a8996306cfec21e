package dev.switchboard.plugin.storage.sqlite;

import java.nio.file.Path;

import dev.switchboard.ports.plugin.PluginContext;
import dev.switchboard.ports.storage.StorageException;

/**
 * The plugin's settings, read from its configuration subtree ({@code plugins.storage-sqlite}).
 *
 * @param file          absolute, normalised path of the database file
 * @param busyTimeoutMs how long, in milliseconds, a connection waits for a lock held by another connection
 */
record SqliteSettings(Path file, int busyTimeoutMs) {

    static final String PATH_KEY = "path";
    static final String BUSY_TIMEOUT_KEY = "busy-timeout-ms";
    static final String DEFAULT_FILE_NAME = "switchboard.db";
    static final int DEFAULT_BUSY_TIMEOUT_MS = 5000;

    /**
     * Reads the settings. {@code path} defaults to {@code <stateDir>/switchboard.db}; a leading {@code ~} stands for
     * {@code home}; a relative path is taken relative to the state directory, because the working directory of a
     * server started by an MCP client is arbitrary.
     *
     * @throws StorageException if a value is malformed
     */
    static SqliteSettings from(PluginContext context, Path home) {
        Path stateDir = context.stateDir();
        Path file = context.setting(PATH_KEY)
                .map(String::strip)
                .filter(value -> !value.isEmpty())
                .map(value -> resolve(value, home, stateDir))
                .orElseGet(() -> stateDir.resolve(DEFAULT_FILE_NAME));
        int busyTimeoutMs = context.setting(BUSY_TIMEOUT_KEY)
                .map(String::strip)
                .map(SqliteSettings::parseBusyTimeout)
                .orElse(DEFAULT_BUSY_TIMEOUT_MS);
        return new SqliteSettings(file.toAbsolutePath().normalize(), busyTimeoutMs);
    }

    private static Path resolve(String value, Path home, Path stateDir) {
        if (value.contains("?")) {
            // sqlite-jdbc reads everything after '?' in its URL as connection parameters.
            throw invalid(PATH_KEY, value, "a file path without '?'");
        }
        if (value.equals("~")) {
            throw invalid(PATH_KEY, value, "a file path, not the home directory");
        }
        if (value.startsWith("~/")) {
            return home.resolve(value.substring(2));
        }
        return stateDir.resolve(value);
    }

    private static int parseBusyTimeout(String value) {
        try {
            int parsed = Integer.parseInt(value);
            if (parsed >= 0) {
                return parsed;
            }
        } catch (NumberFormatException e) {
            // reported below, with the expected shape
        }
        throw invalid(BUSY_TIMEOUT_KEY, value, "a whole number of milliseconds >= 0");
    }

    private static StorageException invalid(String key, String value, String expected) {
        return new StorageException("invalid setting plugins.storage-sqlite." + key + " = '" + value
                + "': expected " + expected);
    }
}
