package dev.switchboard.plugin.transport.stdio;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import dev.switchboard.bridge.mcp.transport.InFlightIds;

/**
 * Gathers the answers to the requests of a JSON-RPC batch (protocol 2025-03-26 and earlier), which JSON-RPC wants back
 * as one array, in the order they finish. A batch holding only notifications gets no answer. Thread-safe.
 */
final class BatchReplies {

    private static final class Pending {
        private final Set<Object> waiting;
        private final List<Object> answers = new ArrayList<>();

        Pending(Set<Object> waiting) {
            this.waiting = waiting;
        }
    }

    private final Map<Object, Pending> byId = new ConcurrentHashMap<>();

    /** Starts gathering the answers for the given request ids (at least one). */
    void expect(List<Object> ids) {
        Pending pending = new Pending(
                new LinkedHashSet<>(ids.stream().map(InFlightIds::key).toList()));
        ids.forEach(id -> byId.put(InFlightIds.key(id), pending));
    }

    /**
     * Takes an answer if it belongs to a batch.
     *
     * @param id     the answered request's id
     * @param answer the answer (an SDK record or a JSON object), or null when the request gets none (cancelled)
     * @return empty if the answer is not part of a batch (write it alone); otherwise the batch's array once it is
     *         complete, or an empty list while answers are still missing (or when no request got an answer)
     */
    Optional<List<Object>> absorb(Object id, Object answer) {
        Pending pending = byId.remove(InFlightIds.key(id));
        if (pending == null) {
            return Optional.empty();
        }
        synchronized (pending) {
            pending.waiting.remove(InFlightIds.key(id));
            if (answer != null) {
                pending.answers.add(answer);
            }
            return Optional.of(pending.waiting.isEmpty() ? List.copyOf(pending.answers) : List.of());
        }
    }
}
