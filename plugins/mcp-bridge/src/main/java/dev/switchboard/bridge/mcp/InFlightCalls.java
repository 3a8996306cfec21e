package dev.switchboard.bridge.mcp;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The tool calls running now, by session and JSON-RPC request id, so that {@code notifications/cancelled}, a closed
 * session or a shutdown can raise their cancellation signals. Thread-safe.
 */
final class InFlightCalls {

    private final Map<Key, CallCancellation> calls = new ConcurrentHashMap<>();

    /** A call's place in the table; calls without a request id get a key of their own. */
    record Key(String sessionId, Object requestId) {}

    /**
     * @param sessionId the SDK session id
     * @param requestId the JSON-RPC id, or null when the transport did not pass it
     * @return the key under which the call's signal is held until {@link #release}
     */
    Key register(String sessionId, Object requestId, CallCancellation cancellation) {
        Key key = new Key(sessionId, requestId == null ? new Object() : normalise(requestId));
        calls.put(key, cancellation);
        return key;
    }

    void release(Key key, CallCancellation cancellation) {
        calls.remove(key, cancellation);
    }

    /** @return true if a call was found and signalled */
    boolean cancel(String sessionId, Object requestId) {
        CallCancellation cancellation = calls.get(new Key(sessionId, normalise(requestId)));
        if (cancellation == null) {
            return false;
        }
        cancellation.cancel();
        return true;
    }

    void cancelSession(String sessionId) {
        calls.forEach((key, cancellation) -> {
            if (key.sessionId().equals(sessionId)) {
                cancellation.cancel();
            }
        });
    }

    /** Raises the signals of one session's calls because the server is stopping. */
    void stopSession(String sessionId) {
        calls.forEach((key, cancellation) -> {
            if (key.sessionId().equals(sessionId)) {
                cancellation.cancelForShutdown();
            }
        });
    }

    /** Raises every call's signal because the server is closing. */
    void cancelAll() {
        calls.values().forEach(CallCancellation::cancelForShutdown);
    }

    /** JSON numbers may arrive as Integer in one message and Long in another; strings stay strings. */
    private static Object normalise(Object requestId) {
        return requestId instanceof Number number ? (Object) number.longValue() : requestId;
    }
}
