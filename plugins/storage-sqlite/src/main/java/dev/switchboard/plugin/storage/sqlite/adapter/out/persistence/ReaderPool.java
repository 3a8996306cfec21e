package dev.switchboard.plugin.storage.sqlite.adapter.out.persistence;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Set;

/**
 * The idle reader connections of one database file, kept open for the next reader (ADR 31). A new SQLite connection
 * costs its open, its pragmas ({@code journal_mode}, {@code synchronous}, {@code foreign_keys}, {@code busy_timeout})
 * and a parse of the whole schema on its first statement; under 64 woken {@code /status} polls that was the largest
 * native cost of a wake. A lent connection is a {@link Connection} proxy whose {@code close()} closes the statements
 * made through it (as closing a connection does), rolls back a transaction left open, restores autocommit and puts
 * the physical connection back, most recently used first; at most {@code maxIdle} are kept, the rest closed. A
 * connection whose session settings were changed through the proxy (isolation, read-only, catalog, schema,
 * holdability, type map, client info, network timeout), or that failed its reset, is closed instead of kept. An idle
 * connection holds no transaction, so it pins no WAL snapshot and does not hold back a checkpoint.
 *
 * <p>Thread-safe: the idle stack is guarded by this pool's lock; a lent connection belongs to its borrower, as any
 * JDBC connection does.
 */
final class ReaderPool {

    /** Opens a physical connection. */
    @FunctionalInterface
    interface Opener {
        Connection open() throws SQLException;
    }

    /** The setters whose effect would outlive a borrower: a connection they were called on is not kept. */
    private static final Set<String> SESSION_SETTERS = Set.of(
            "setTransactionIsolation",
            "setReadOnly",
            "setCatalog",
            "setSchema",
            "setHoldability",
            "setTypeMap",
            "setClientInfo",
            "setNetworkTimeout");

    /** How many statements a lent connection tracks before it forgets the closed ones. */
    private static final int PRUNE_AT = 64;

    private final int maxIdle;
    private final Deque<Connection> idle = new ArrayDeque<>();
    private boolean closed;

    /** @param maxIdle how many idle connections are kept, {@code >= 0} */
    ReaderPool(int maxIdle) {
        if (maxIdle < 0) {
            throw new IllegalArgumentException("maxIdle must be >= 0, got " + maxIdle);
        }
        this.maxIdle = maxIdle;
    }

    /**
     * @param open opens a physical connection when none is idle
     * @return a connection whose {@code close()} gives it back
     * @throws SQLException what {@code open} threw
     */
    Connection lend(Opener open) throws SQLException {
        Connection physical;
        synchronized (this) {
            physical = idle.pollFirst();
        }
        if (physical == null) {
            physical = open.open();
        }
        return (Connection) Proxy.newProxyInstance(
                ReaderPool.class.getClassLoader(), new Class<?>[] {Connection.class}, new Lent(physical));
    }

    /** @return how many connections are idle now (for tests) */
    synchronized int idle() {
        return idle.size();
    }

    /** Closes every idle connection; a connection given back later is closed too. Idempotent. */
    void close() {
        List<Connection> toClose;
        synchronized (this) {
            closed = true;
            toClose = new ArrayList<>(idle);
            idle.clear();
        }
        toClose.forEach(ReaderPool::closeQuietly);
    }

    private void giveBack(Connection physical, boolean keepable) {
        boolean keep = keepable && reset(physical);
        synchronized (this) {
            if (keep && !closed && idle.size() < maxIdle) {
                idle.addFirst(physical);
                return;
            }
        }
        closeQuietly(physical);
    }

    /** @return whether the connection is back in autocommit with no transaction and could be kept */
    private static boolean reset(Connection physical) {
        try {
            if (physical.isClosed()) {
                return false;
            }
            if (!physical.getAutoCommit()) {
                physical.rollback();
                physical.setAutoCommit(true);
            }
            physical.clearWarnings();
            return true;
        } catch (SQLException e) {
            return false;
        }
    }

    private static boolean isClosedQuietly(Statement statement) {
        try {
            return statement.isClosed();
        } catch (SQLException e) {
            return true;
        }
    }

    private static void closeQuietly(AutoCloseable closeable) {
        try {
            closeable.close();
        } catch (Exception e) {
            // closing a connection or statement that already failed: nothing more to do with it
        }
    }

    /** One borrower's view of a physical connection. */
    private final class Lent implements InvocationHandler {

        private final Connection physical;
        private final List<Statement> statements = new ArrayList<>();
        private boolean returned;
        private boolean keepable = true;

        private Lent(Connection physical) {
            this.physical = physical;
        }

        @Override
        public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
            String name = method.getName();
            switch (name) {
                case "close" -> {
                    if (!returned) {
                        returned = true;
                        statements.forEach(ReaderPool::closeQuietly);
                        statements.clear();
                        giveBack(physical, keepable);
                    }
                    return null;
                }
                case "isClosed" -> {
                    return returned || physical.isClosed();
                }
                case "equals" -> {
                    return proxy == args[0];
                }
                case "hashCode" -> {
                    return System.identityHashCode(proxy);
                }
                case "toString" -> {
                    return "pooled " + physical;
                }
                default -> {
                    // fall through to the physical connection
                }
            }
            if (returned) {
                throw new SQLException("the connection was closed");
            }
            if (SESSION_SETTERS.contains(name)) {
                keepable = false;
            }
            try {
                Object result = method.invoke(physical, args);
                if (result instanceof Statement statement) {
                    if (statements.size() >= PRUNE_AT) {
                        statements.removeIf(ReaderPool::isClosedQuietly);
                    }
                    statements.add(statement);
                }
                return result;
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        }
    }
}
