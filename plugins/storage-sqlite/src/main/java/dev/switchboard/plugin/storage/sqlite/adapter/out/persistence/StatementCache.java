package dev.switchboard.plugin.storage.sqlite.adapter.out.persistence;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The writer connection's prepared statements, kept compiled between transactions (ADR 74): the connection it wraps
 * answers {@link Connection#prepareStatement(String)} with a statement it prepared earlier for the same SQL text when
 * that one is not in use, and the statement's {@link PreparedStatement#close()} resets it (its result set closed, its
 * parameters cleared) and keeps it instead of finalizing it. The driver prepares nothing behind a caller's back: without
 * this, every statement of every write (the mailbox's, a publish's, the change signal's upsert, the group commit's
 * savepoints, jOOQ's) was compiled by SQLite and finalized again on every call.
 *
 * <p>At most {@value #CAPACITY} statements are kept, the least recently used one finalized first. A statement asked for
 * while the kept one for its text is still open (the same query nested in itself) is prepared afresh and finalized on
 * its close, as without the cache. SQLite recompiles a kept statement by itself when the schema changed under it (a
 * migration). Closing the connection finalizes every kept statement. Every other method goes to the driver's objects
 * unchanged.
 *
 * <p>Not thread-safe, like the connection it wraps: only the writer queue's current leader uses it.
 */
final class StatementCache implements InvocationHandler {

    /** The most statements kept: well above the distinct statements of the write paths. */
    static final int CAPACITY = 128;

    private final Connection connection;
    private final Map<String, Kept> kept = new LinkedHashMap<>(64, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Kept> eldest) {
            if (size() <= CAPACITY) {
                return false;
            }
            eldest.getValue().evict();
            return true;
        }
    };

    private StatementCache(Connection connection) {
        this.connection = connection;
    }

    /**
     * @param connection the driver's connection; closed when the returned one is
     * @return the connection, with its prepared statements kept as the class comment says
     */
    static Connection wrap(Connection connection) {
        return (Connection) Proxy.newProxyInstance(
                StatementCache.class.getClassLoader(),
                new Class<?>[] {Connection.class},
                new StatementCache(connection));
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
        String name = method.getName();
        if (name.equals("prepareStatement") && args.length == 1) {
            return prepare((String) args[0], (Connection) proxy);
        }
        if (name.equals("close") && args == null) {
            closeAll();
        }
        return delegate(connection, method, args);
    }

    private PreparedStatement prepare(String sql, Connection proxy) throws SQLException {
        Kept statement = kept.get(sql);
        if (statement == null || statement.evicted) {
            statement = new Kept(connection.prepareStatement(sql), proxy);
            kept.put(sql, statement);
        } else if (statement.inUse) {
            return connection.prepareStatement(sql);
        }
        statement.inUse = true;
        return statement.view;
    }

    private void closeAll() {
        for (Kept statement : kept.values()) {
            statement.evict();
        }
        kept.clear();
    }

    private static Object delegate(Object target, Method method, Object[] args) throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    /** One kept statement: the driver's, and the view handed to callers whose {@code close()} gives it back. */
    private static final class Kept implements InvocationHandler {

        private final PreparedStatement statement;
        private final PreparedStatement view;
        private final Connection connection;
        private boolean inUse;
        private boolean evicted;
        private ResultSet results;
        private boolean resultsWaiting;

        Kept(PreparedStatement statement, Connection connection) {
            this.statement = statement;
            this.connection = connection;
            this.view = (PreparedStatement) Proxy.newProxyInstance(
                    StatementCache.class.getClassLoader(), new Class<?>[] {PreparedStatement.class}, this);
        }

        @Override
        public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
            switch (method.getName()) {
                case "close" -> {
                    giveBack();
                    return null;
                }
                case "isClosed" -> {
                    return !inUse;
                }
                case "getConnection" -> {
                    return connection;
                }
                default -> {
                    // the driver's
                }
            }
            Object result = delegate(statement, method, args);
            switch (method.getName()) {
                case "executeQuery", "getResultSet" -> {
                    results = (ResultSet) result;
                    resultsWaiting = false;
                }
                case "execute" -> resultsWaiting = args == null && (Boolean) result;
                default -> {
                    // nothing to track
                }
            }
            return result;
        }

        /** Resets the statement for its next user: an unread result closed (which resets it), parameters cleared. */
        private void giveBack() throws SQLException {
            if (!inUse) {
                return;
            }
            inUse = false;
            if (evicted) {
                statement.close();
                return;
            }
            try {
                if (resultsWaiting) {
                    results = statement.getResultSet();
                }
                if (results != null) {
                    results.close();
                }
                statement.clearParameters();
            } catch (SQLException e) {
                evicted = true;
                statement.close();
                throw e;
            } finally {
                results = null;
                resultsWaiting = false;
            }
        }

        /** Finalizes the statement now, or at its close if it is in use. */
        void evict() {
            evicted = true;
            if (!inUse) {
                try {
                    statement.close();
                } catch (SQLException e) {
                    // a statement that cannot be finalized is the connection's problem: it is being closed or dropped
                }
            }
        }
    }
}
