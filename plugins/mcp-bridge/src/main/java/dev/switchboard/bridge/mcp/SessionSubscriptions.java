package dev.switchboard.bridge.mcp;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.modelcontextprotocol.spec.McpSchema;

import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.resource.ResourceCatalog;
import dev.switchboard.ports.resource.ResourceSubscription;

/**
 * The resources each session of one server subscribed to, each followed through the catalog
 * ({@link ResourceCatalog#follow}) from the {@code resources/subscribe} until the {@code resources/unsubscribe} of
 * the same URI, the session's end or the server's close. Like the SDK's own record, a second subscription of the same
 * URI by the same session changes nothing. The SDK records subscriptions without telling anyone, so the transport
 * shows each request to {@link #observe} before handing it to the SDK. A follow that fails (the storage is closing)
 * is logged and leaves the subscription unwatched: the client is answered as usual and simply not notified.
 * Thread-safe.
 */
final class SessionSubscriptions {

    private static final Logger LOG = LoggerFactory.getLogger(SessionSubscriptions.class);

    private final ResourceCatalog catalog;
    private final Map<String, Session> sessions = new ConcurrentHashMap<>();
    private volatile boolean closed;

    SessionSubscriptions(ResourceCatalog catalog) {
        this.catalog = catalog;
    }

    /**
     * Follows the URI of a {@code resources/subscribe}, and stops following that of a {@code resources/unsubscribe};
     * ignores any other request, and one without a string {@code uri} (the SDK refuses it).
     *
     * @param sessionId the SDK session id of the sender
     * @param request   the request about to go to the SDK
     * @param caller    who sent it
     */
    void observe(String sessionId, McpSchema.JSONRPCRequest request, Principal caller) {
        if (!(request.params() instanceof Map<?, ?> params) || !(params.get("uri") instanceof String uri)) {
            return;
        }
        if (McpSchema.METHOD_RESOURCES_SUBSCRIBE.equals(request.method())) {
            sessions.computeIfAbsent(sessionId, id -> new Session()).follow(uri, caller);
        } else if (McpSchema.METHOD_RESOURCES_UNSUBSCRIBE.equals(request.method())) {
            Session session = sessions.get(sessionId);
            if (session != null) {
                session.unfollow(uri);
            }
        }
    }

    /** @param sessionId an SDK session that ended: its subscriptions close */
    void ended(String sessionId) {
        Session session = sessions.remove(sessionId);
        if (session != null) {
            session.end();
        }
    }

    /** Closes every subscription and follows nothing more. Idempotent. */
    void closeAll() {
        closed = true;
        sessions.keySet().forEach(this::ended);
    }

    /** One session's subscriptions by URI; guarded by its own monitor. */
    private final class Session {
        private final Map<String, ResourceSubscription> byUri = new HashMap<>();
        private boolean ended;

        synchronized void follow(String uri, Principal caller) {
            if (ended || closed || byUri.containsKey(uri)) {
                return;
            }
            try {
                byUri.put(uri, catalog.follow(uri, caller));
            } catch (RuntimeException e) {
                // The SDK still records the subscription; its client is simply not notified of changes.
                LOG.warn("{} is subscribed to but cannot be watched: {}", uri, e.toString());
            }
        }

        synchronized void unfollow(String uri) {
            ResourceSubscription subscription = byUri.remove(uri);
            if (subscription != null) {
                subscription.close();
            }
        }

        synchronized void end() {
            ended = true;
            byUri.values().forEach(ResourceSubscription::close);
            byUri.clear();
        }
    }
}
