package dev.switchboard.plugin.storage.postgres.adapter.out.persistence;

import java.sql.SQLException;
import java.util.Optional;

import dev.switchboard.ports.storage.StorageBusyException;
import dev.switchboard.ports.storage.StorageException;

/**
 * Why the server could not be used when the storage opened, as a {@link StorageException} with two one-line texts:
 * the operator's (the URL without credentials, the user, the driver's own words; for the log and
 * {@code switchboard doctor}) and the clients' ({@link StorageException#clientMessage()}: what kind of failure and its
 * SQLSTATE, naming no host, port, database, user or password). A refused login reads "authentication failed for user
 * X" (SQLSTATE {@code 28P01} wrong password, {@code 28000} no matching {@code pg_hba.conf} rule or role). A failure that
 * may pass (the server unreachable, starting, full, or refusing the login) is a
 * {@link dev.switchboard.ports.storage.StorageBusyException}, which the kernel retries. Stateless.
 */
final class OpenFailure {

    private static final String CLIENT_PREFIX = "cannot open the PostgreSQL storage: ";

    private OpenFailure() {}

    /**
     * @param config  where and as whom the adapter connected
     * @param failure what the driver or the pool threw
     * @return the exception to throw, with {@code failure} as its cause
     */
    static StorageException of(PostgresConfig config, Exception failure) {
        Optional<SQLException> sql = Failure.sqlException(failure);
        String state = sql.map(SQLException::getSQLState).orElse(null);
        String user = config.user().orElse("the default user");
        String where = "cannot open PostgreSQL at " + config.url();
        String sqlState = state == null ? "" : " (SQLSTATE " + state + ")";
        if ("28P01".equals(state) || "28000".equals(state)) {
            return new StorageBusyException(
                    where + ": authentication failed for user " + user + sqlState + "; check "
                            + "plugins.storage-postgres.user and the password (password-file or password-env)",
                    CLIENT_PREFIX + "the server refused the login" + sqlState,
                    failure);
        }
        String driverSays = firstLine(sql.map(SQLException::getMessage).orElse(failure.getMessage()));
        String operator = where + " as " + user + ": " + driverSays;
        String client = CLIENT_PREFIX + kind(state) + sqlState;
        return forNow(state)
                ? new StorageBusyException(operator, client, failure)
                : new StorageException(operator, client, failure);
    }

    /**
     * @return whether the failure may pass by itself, so that the kernel retries the open: the server cannot be
     *         reached ({@code 08xxx}), is starting or shutting down ({@code 57P0x}) or has no free connection slot
     *         ({@code 53300}); a refused login ({@code 28xxx}) is retried too, as the password file may be fixed
     */
    private static boolean forNow(String state) {
        return state != null && (state.startsWith("08") || state.startsWith("57P0") || state.equals("53300"));
    }

    /**
     * @return the exception for a server older than {@link PostgresVersion#MINIMUM_MAJOR}
     */
    static StorageException tooOld(PostgresConfig config, int version) {
        String needs = "Switchboard needs " + PostgresVersion.requirement();
        int major = PostgresVersion.major(version);
        return new StorageException(
                "PostgreSQL at " + config.url() + " is version " + major + "; " + needs,
                CLIENT_PREFIX + "the server is version " + major + "; " + needs,
                null);
    }

    private static String kind(String state) {
        if (state == null) {
            return "the server cannot be used";
        }
        if (state.startsWith("08")) {
            return "the server cannot be reached";
        }
        return switch (state) {
            case "3D000" -> "the database does not exist";
            case "57P03" -> "the server is starting up or shutting down";
            case "53300" -> "the server has no free connection";
            case "42501" -> "permission denied";
            default -> "the server refused";
        };
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "no reason given";
        }
        int end = message.indexOf('\n');
        return (end < 0 ? message : message.substring(0, end)).strip();
    }
}
