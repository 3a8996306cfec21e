package dev.switchboard.plugin.transport.http;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The endpoint responses being streamed now, so that shutdown can tell each that its client is gone (a long poll
 * then answers at once instead of holding the drain). Thread-safe.
 */
final class HeldStreams {

    private final Set<ClientGoneSignal> signals = ConcurrentHashMap.newKeySet();

    void add(ClientGoneSignal signal) {
        signals.add(signal);
    }

    void remove(ClientGoneSignal signal) {
        signals.remove(signal);
    }

    /** Raises every held stream's signal. */
    void releaseAll() {
        signals.forEach(ClientGoneSignal::raise);
    }

    /** @return how many responses are being streamed */
    int size() {
        return signals.size();
    }
}
