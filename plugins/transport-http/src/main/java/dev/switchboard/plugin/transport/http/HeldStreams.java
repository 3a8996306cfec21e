package dev.switchboard.plugin.transport.http;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import dev.switchboard.ports.call.CancellationSignal;

/**
 * The endpoint responses being streamed now, so that shutdown can tell each that its client is gone (a long poll
 * then answers at once instead of holding the drain). Thread-safe.
 */
final class HeldStreams {

    private final Set<CancellationSignal> signals = ConcurrentHashMap.newKeySet();

    void add(CancellationSignal signal) {
        signals.add(signal);
    }

    void remove(CancellationSignal signal) {
        signals.remove(signal);
    }

    /** Raises every held stream's signal. */
    void releaseAll() {
        signals.forEach(CancellationSignal::raise);
    }

    /** @return how many responses are being streamed */
    int size() {
        return signals.size();
    }
}
