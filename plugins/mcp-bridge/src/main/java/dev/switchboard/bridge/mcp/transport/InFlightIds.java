package dev.switchboard.bridge.mcp.transport;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The JSON-RPC ids of one session's requests that are still running, so that a transport can refuse a second request
 * reusing the id of one in flight (-32600: two answers with one id could not be told apart), and stay silent about a
 * request the client cancelled (MCP 2025-11-25, cancellation: after {@code notifications/cancelled} the receiver
 * should not send a response). JSON numbers are compared by value, whether they arrived as {@code Integer} or
 * {@code Long}. Thread-safe.
 */
public final class InFlightIds {

    /** One request's hold on its id, from {@link #claim} until its answer is written or it ends. */
    public static final class Claim {
        private final Object key;
        private volatile boolean cancelled;

        private Claim(Object key) {
            this.key = key;
        }

        /**
         * @return whether the client cancelled the request: what it sends before its answer (a modern request's
         *     notifications) is then dropped too; unlike {@link InFlightIds#answered}, frees nothing
         */
        public boolean isCancelled() {
            return cancelled;
        }
    }

    private final Map<Object, Claim> ids = new ConcurrentHashMap<>();

    /**
     * @param id a request's id
     * @return the request's hold on the id, or null if a request with that id is still running
     */
    public Claim claim(Object id) {
        Claim claim = new Claim(key(id));
        return ids.putIfAbsent(claim.key, claim) == null ? claim : null;
    }

    /**
     * Marks a running request as cancelled by its client.
     *
     * @return true if a request with that id was running
     */
    public boolean cancel(Object id) {
        Claim claim = ids.get(key(id));
        if (claim == null) {
            return false;
        }
        claim.cancelled = true;
        return true;
    }

    /**
     * Called when the answer to a request is about to be written: frees its id.
     *
     * @return true if the client cancelled that request, so the answer must not be sent
     */
    public boolean answered(Object id) {
        Claim claim = ids.remove(key(id));
        return claim != null && claim.cancelled;
    }

    /** Frees the id when the request ended, unless it was freed already or now belongs to a newer request. */
    public void release(Claim claim) {
        ids.remove(claim.key, claim);
    }

    /** JSON numbers may come back as Integer or Long; ids are compared as Long. */
    public static Object key(Object id) {
        return id instanceof Number number ? (Object) number.longValue() : id;
    }
}
