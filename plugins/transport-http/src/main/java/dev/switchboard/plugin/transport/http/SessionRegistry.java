package dev.switchboard.plugin.transport.http;

import java.time.Duration;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.switchboard.ports.call.Principal;

/**
 * The live sessions, at most {@code maxSessions}. When full, a new session takes the place of the least recently
 * used session that has no request running; when every session is busy it is refused. Sessions unused for the idle
 * timeout, with no request running and no open GET stream, are ended by {@link #expireIdle}. Every session that ends
 * (removed, reclaimed, expired, or closed with the rest) is reported to the listener of {@link #onEnded}, once.
 * Thread-safe.
 */
final class SessionRegistry {

    private static final Logger LOG = LoggerFactory.getLogger(SessionRegistry.class);

    private final int maxSessions;
    private final Duration idleTimeout;
    private final Map<String, HttpSession> sessions = new ConcurrentHashMap<>();
    private int reserved;
    private volatile Consumer<HttpSession> ended = session -> {};

    SessionRegistry(int maxSessions, Duration idleTimeout) {
        this.maxSessions = maxSessions;
        this.idleTimeout = idleTimeout;
    }

    /**
     * @param listener told of each session that ended, after it closed (the bridge ends what it subscribed to); set
     *                 once, before the first session
     */
    void onEnded(Consumer<HttpSession> listener) {
        ended = listener;
    }

    /**
     * Reserves room for one new session, reclaiming the least recently used idle session when full. Follow with
     * {@link #add} or {@link #release}.
     *
     * @throws SessionLimitException if every session is busy
     */
    synchronized void reserve() {
        if (sessions.size() + reserved >= maxSessions) {
            HttpSession victim = sessions.values().stream()
                    .filter(session -> !session.busy())
                    .min(Comparator.comparingLong(HttpSession::lastUsedNanos))
                    .orElseThrow(() -> new SessionLimitException(maxSessions));
            sessions.remove(victim.id());
            LOG.info("MCP session limit ({}) reached: reclaimed the least recently used idle session", maxSessions);
            end(victim);
        }
        reserved++;
    }

    /** Gives back a reservation whose session could not be created. */
    synchronized void release() {
        reserved--;
    }

    /** Adds a session in place of a reservation. */
    synchronized void add(HttpSession session) {
        reserved--;
        sessions.put(session.id(), session);
    }

    /**
     * @return the session with that id if {@code caller} created it; empty for an unknown, ended or foreign id (all
     *         three look the same to the client: 404)
     */
    Optional<HttpSession> find(String id, Principal caller) {
        HttpSession session = sessions.get(id);
        if (session == null || !session.belongsTo(caller)) {
            return Optional.empty();
        }
        session.touch();
        return Optional.of(session);
    }

    /**
     * Removes and closes a session.
     *
     * @return whether this call removed it (false when another already had: of two simultaneous removals, one wins)
     */
    boolean remove(HttpSession session) {
        if (sessions.remove(session.id(), session)) {
            end(session);
            return true;
        }
        return false;
    }

    private void end(HttpSession session) {
        session.close();
        ended.accept(session);
    }

    /**
     * Ends the sessions idle for longer than the timeout. Never throws: it runs on a schedule, which a thrown
     * exception would silently end.
     */
    void expireIdle() {
        long cutoff = System.nanoTime() - idleTimeout.toNanos();
        for (HttpSession session : sessions.values()) {
            try {
                if (!session.busy()
                        && !session.listening()
                        && session.lastUsedNanos() - cutoff < 0
                        && sessions.remove(session.id(), session)) {
                    LOG.debug("MCP session expired after {} idle", idleTimeout);
                    end(session);
                }
            } catch (RuntimeException e) {
                LOG.warn("ending an idle MCP session failed", e);
            }
        }
    }

    Collection<HttpSession> all() {
        return List.copyOf(sessions.values());
    }

    /** Closes and forgets every session. */
    void closeAll() {
        for (HttpSession session : all()) {
            remove(session);
        }
    }
}
