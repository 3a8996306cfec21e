package dev.switchboard.plugin.storage.postgres.adapter.out.persistence;

import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.Optional;

/**
 * What a failed transaction means for its caller, read from the SQLSTATE of the first {@link SQLException} in the
 * cause chain. PostgreSQL's codes stay here: feature plugins see only the port's exceptions.
 */
enum Failure {
    /** Serialization failure ({@code 40001}) or deadlock ({@code 40P01}): the same work may succeed at once. */
    RETRY,
    /**
     * Lock timeout ({@code 55P03}), statement timeout or cancel ({@code 57014}), a lost or refused connection
     * ({@code 08xxx}, {@code 57P01..57P03}: the server shut down, crashed or is starting), or no pooled connection
     * within the connect timeout: worth trying later.
     */
    BUSY,
    /** Anything else: a constraint, a syntax error, a bug. */
    OTHER;

    /** @return how to treat {@code failure}; {@link #OTHER} when its cause chain holds no {@link SQLException} */
    static Failure of(Throwable failure) {
        return sqlException(failure).map(Failure::ofSql).orElse(OTHER);
    }

    /**
     * @return whether {@code failure} says the database cannot be reached at all: a lost or refused connection
     *         ({@code 08xxx}), the server shutting down, crashed or starting ({@code 57P01..57P03}), also when the pool
     *         reports it as a timeout; not a lock or statement timeout, nor a pool merely exhausted
     */
    static boolean isConnectionLoss(Throwable failure) {
        return sqlException(failure)
                .map(e -> e.getSQLState() == null ? "" : e.getSQLState())
                .filter(state -> state.startsWith("08") || state.startsWith("57P0"))
                .isPresent();
    }

    /** @return the first {@link SQLException} in {@code failure}'s cause chain, itself included */
    static Optional<SQLException> sqlException(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof SQLException sql) {
                return Optional.of(sql);
            }
        }
        return Optional.empty();
    }

    private static Failure ofSql(SQLException e) {
        String state = e.getSQLState() == null ? "" : e.getSQLState();
        if (state.equals("40001") || state.equals("40P01")) {
            return RETRY;
        }
        if (state.equals("55P03")
                || state.equals("57014")
                || state.startsWith("08")
                || state.startsWith("57P0")
                || e instanceof SQLTransientConnectionException) {
            return BUSY;
        }
        return OTHER;
    }
}
