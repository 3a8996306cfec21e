package dev.switchboard.bridge.mcp.transport;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one place a transport logs a client's mistake (malformed JSON, a refused request, a message it cannot route):
 * one line at {@code info}, never a stack trace (those are for server defects), and at most one line per interval
 * however fast a client errs; the line after a quiet spell says how many were not logged. Thread-safe; share one
 * per transport.
 */
public final class ClientMistakes {

    private static final Logger LOG = LoggerFactory.getLogger(ClientMistakes.class);

    /** The default least time between two lines: 10 s. */
    public static final long DEFAULT_INTERVAL_MILLIS = ThrottledLog.DEFAULT_INTERVAL_MILLIS;

    private final String transport;
    private final ThrottledLog log;

    /** @param transport the transport's id, named in each line; at most one line per 10 s */
    public ClientMistakes(String transport) {
        this(transport, DEFAULT_INTERVAL_MILLIS);
    }

    /**
     * @param transport      the transport's id, named in each line
     * @param intervalMillis the least time between two lines, in milliseconds
     */
    public ClientMistakes(String transport, long intervalMillis) {
        this.transport = transport;
        this.log = new ThrottledLog(intervalMillis, LOG::info);
    }

    /** @param what a short description without the client's data, such as "parse error" */
    public void record(String what) {
        log.line(transport + ": refused a client message: " + what);
    }
}
