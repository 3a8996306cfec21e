package dev.switchboard.ports.signal;

import java.util.Set;

/** Where a {@link SignalRelay} reports changed topics; implemented by the kernel. Thread-safe; returns at once. */
@FunctionalInterface
public interface SignalReceiver {

    /** @param topics topics whose change became visible (own commits, or other processes' and nodes') */
    void changed(Set<String> topics);
}
