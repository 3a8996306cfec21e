package dev.switchboard.plugin.storage.postgres.adapter.out.persistence;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.logging.Logger;

import javax.sql.DataSource;

/**
 * The pool as {@link PostgresSqlStorage#dataSource()} lends it (plugins' reads outside a transaction, such as the
 * mailbox's snapshots and credential lookups): the same connections, with a connection-level failure to lend one
 * reported to the storage's {@link OutageLog}, and a connection lent reported as an answer, so an outage that only
 * readers meet is logged like any other. Thread-safe.
 */
final class ReportingDataSource implements DataSource {

    private final DataSource pool;
    private final OutageLog outages;

    ReportingDataSource(DataSource pool, OutageLog outages) {
        this.pool = pool;
        this.outages = outages;
    }

    @Override
    public Connection getConnection() throws SQLException {
        return reported(pool::getConnection);
    }

    @Override
    public Connection getConnection(String username, String password) throws SQLException {
        return reported(() -> pool.getConnection(username, password));
    }

    private Connection reported(Lend lend) throws SQLException {
        try {
            Connection connection = lend.lend();
            outages.answered();
            return connection;
        } catch (SQLException e) {
            if (Failure.isConnectionLoss(e)) {
                outages.failed("a read", e.getMessage());
            }
            throw e;
        }
    }

    @FunctionalInterface
    private interface Lend {
        Connection lend() throws SQLException;
    }

    @Override
    public PrintWriter getLogWriter() throws SQLException {
        return pool.getLogWriter();
    }

    @Override
    public void setLogWriter(PrintWriter out) throws SQLException {
        pool.setLogWriter(out);
    }

    @Override
    public void setLoginTimeout(int seconds) throws SQLException {
        pool.setLoginTimeout(seconds);
    }

    @Override
    public int getLoginTimeout() throws SQLException {
        return pool.getLoginTimeout();
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        return pool.getParentLogger();
    }

    @Override
    public <T> T unwrap(Class<T> type) throws SQLException {
        return type.isInstance(this) ? type.cast(this) : pool.unwrap(type);
    }

    @Override
    public boolean isWrapperFor(Class<?> type) throws SQLException {
        return type.isInstance(this) || pool.isWrapperFor(type);
    }
}
