package dev.switchboard.plugin.mailbox.hook.application.port.out;

import java.util.Optional;

/**
 * One {@code hook wake} sleeper per key (a session and a role) on this machine. Implementations are thread-safe.
 */
public interface SleeperSlots {

    /** A slot held by this process; closing it gives it back. */
    interface Slot extends AutoCloseable {

        /** Gives the slot back; never throws. */
        @Override
        void close();
    }

    /**
     * @param key the slot's key, a file-name-safe word
     * @return the slot, or empty when a live process holds it (a slot whose holder died is taken over)
     * @throws java.io.UncheckedIOException if the slot cannot be looked at or written
     */
    Optional<Slot> take(String key);
}
