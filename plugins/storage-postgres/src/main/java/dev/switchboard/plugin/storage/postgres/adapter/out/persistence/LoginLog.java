package dev.switchboard.plugin.storage.postgres.adapter.out.persistence;

import java.util.concurrent.locks.ReentrantLock;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The operator's view of refused logins: one WARN line when the server first refuses the adapter's login
 * ("authentication failed for user X", never "busy or unreachable": no retry fixes a wrong password) and one INFO line
 * when a login is accepted again; the refusals in between are logged at DEBUG. Thread-safe.
 */
final class LoginLog {

    private static final Logger LOG = LoggerFactory.getLogger(LoginLog.class);

    private final String location;
    private final String user;
    private final Sink sink;
    private final ReentrantLock lock = new ReentrantLock();
    private volatile boolean refused;
    private long refusals;

    /** Where the two lines go: SLF4J in production, a list in tests. */
    interface Sink {
        /** @param line a refusal, logged at WARN */
        void warn(String line);

        /** @param line the recovery, logged at INFO */
        void info(String line);
    }

    /**
     * @param location the database, as shown to the operator (the URL without credentials)
     * @param user     the role the adapter logs in as, as shown to the operator
     */
    LoginLog(String location, String user) {
        this(location, user, new Sink() {
            @Override
            public void warn(String line) {
                LOG.warn(line);
            }

            @Override
            public void info(String line) {
                LOG.info(line);
            }
        });
    }

    LoginLog(String location, String user, Sink sink) {
        this.location = location;
        this.user = user;
        this.sink = sink;
    }

    /**
     * Records a refused login; the first of a run of refusals is logged.
     *
     * @param sqlState the server's code, {@code 28P01} or {@code 28000}
     */
    void refused(String sqlState) {
        lock.lock();
        try {
            refusals++;
            if (!refused) {
                refused = true;
                sink.warn("PostgreSQL at " + location + ": authentication failed for user " + user + " (SQLSTATE "
                        + sqlState + "); calls that need a new connection fail until the password matches: "
                        + "the password file (plugins.storage-postgres.password-file) is read again when it "
                        + "changes and after each refused login");
            } else {
                LOG.debug("PostgreSQL at {} refused the login of {} again (SQLSTATE {})", location, user, sqlState);
            }
        } finally {
            lock.unlock();
        }
    }

    /** Records an accepted login; the first after refusals is logged. */
    void accepted() {
        if (!refused) {
            return;
        }
        lock.lock();
        try {
            if (refused) {
                refused = false;
                sink.info("PostgreSQL at " + location + " accepts the login of user " + user + " again (refused "
                        + refusals + " times meanwhile)");
                refusals = 0;
            }
        } finally {
            lock.unlock();
        }
    }

    /** @return whether the last login was refused */
    boolean refusing() {
        return refused;
    }
}
