package dev.switchboard.plugin.storage.sqlite.adapter.out.persistence;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.logging.Logger;

import javax.sql.DataSource;

/**
 * Hands out reader connections with the same pragmas as the writer; WAL lets any number of them run beside the
 * writer. A closed connection goes back to a {@link ReaderPool} of at most {@value #MAX_IDLE} idle ones, which the next
 * call takes before it opens a new one (ADR 31: opening one and parsing the schema was the largest native cost of a
 * read under load). Credentials are ignored (a file has none). Thread-safe.
 */
final class ReadDataSource implements DataSource {

    /** The most idle reader connections kept open. */
    static final int MAX_IDLE = 16;

    private final SqliteConnector connector;
    private final boolean readOnly;
    private final ReaderPool pool;
    private volatile boolean closed;

    ReadDataSource(SqliteConnector connector) {
        this(connector, false);
    }

    /**
     * @param connector where connections come from
     * @param readOnly  whether connections are opened read-only ({@link SqliteConnector#openReadOnly()}); those are
     *                  not kept once closed
     */
    ReadDataSource(SqliteConnector connector, boolean readOnly) {
        this.connector = connector;
        this.readOnly = readOnly;
        // a read-only source (a copy's) has no owner to close it: it keeps nothing open between calls
        this.pool = new ReaderPool(readOnly ? 0 : MAX_IDLE);
    }

    /** @return the database file */
    Path file() {
        return connector.file();
    }

    /**
     * Refuses new connections from now on and closes the idle ones; connections already handed out stay with their
     * callers and are closed when they give them back.
     */
    void close() {
        closed = true;
        pool.close();
    }

    /** @return how many idle connections are kept now (for tests) */
    int idle() {
        return pool.idle();
    }

    @Override
    public Connection getConnection() throws SQLException {
        if (closed) {
            throw new SQLException("the SQLite storage at " + connector.file() + " is closed");
        }
        return pool.lend(readOnly ? connector::openReadOnly : connector::openReader);
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
