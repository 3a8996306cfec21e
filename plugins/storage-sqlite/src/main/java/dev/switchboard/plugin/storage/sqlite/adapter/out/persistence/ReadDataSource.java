package dev.switchboard.plugin.storage.sqlite.adapter.out.persistence;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.logging.Logger;

import javax.sql.DataSource;

/**
 * Hands out a new connection per call, with the same pragmas as the writer. Opening a SQLite connection is cheap and
 * WAL lets any number of readers run beside the writer, so there is no pool. Credentials are ignored (a file has
 * none). Thread-safe.
 */
final class ReadDataSource implements DataSource {

    private final SqliteConnector connector;
    private final boolean readOnly;
    private volatile boolean closed;

    ReadDataSource(SqliteConnector connector) {
        this(connector, false);
    }

    /**
     * @param connector where connections come from
     * @param readOnly  whether connections are opened read-only ({@link SqliteConnector#openReadOnly()})
     */
    ReadDataSource(SqliteConnector connector, boolean readOnly) {
        this.connector = connector;
        this.readOnly = readOnly;
    }

    /** @return the database file */
    Path file() {
        return connector.file();
    }

    /** Refuses new connections from now on; connections already handed out stay with their callers. */
    void close() {
        closed = true;
    }

    @Override
    public Connection getConnection() throws SQLException {
        if (closed) {
            throw new SQLException("the SQLite storage at " + connector.file() + " is closed");
        }
        return readOnly ? connector.openReadOnly() : connector.openReader();
    }

    @Override
    public Connection getConnection(String username, String password) throws SQLException {
        return getConnection();
    }

    @Override
    public PrintWriter getLogWriter() {
        return null;
    }

    @Override
    public void setLogWriter(PrintWriter out) {
        // the driver logs through its own logger; a JDBC log writer has nothing to receive
    }

    @Override
    public void setLoginTimeout(int seconds) {
        // opening a local file does not wait for a login
    }

    @Override
    public int getLoginTimeout() {
        return 0;
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        throw new SQLFeatureNotSupportedException("the SQLite data source does not log through java.util.logging");
    }

    @Override
    public <T> T unwrap(Class<T> type) throws SQLException {
        if (type.isInstance(this)) {
            return type.cast(this);
        }
        throw new SQLException("the SQLite data source does not wrap a " + type.getName());
    }

    @Override
    public boolean isWrapperFor(Class<?> type) {
        return type.isInstance(this);
    }
}
