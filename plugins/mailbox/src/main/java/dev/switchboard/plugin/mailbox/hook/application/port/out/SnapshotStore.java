package dev.switchboard.plugin.mailbox.hook.application.port.out;

import java.util.Optional;

import dev.switchboard.plugin.mailbox.hook.domain.HookSnapshot;

/** Where the stop hook keeps its snapshot between the attempts of a stop chain, one per key (role and server). */
public interface SnapshotStore {

    /**
     * @param key the snapshot's key, a file-name-safe word
     * @return the snapshot, or empty when there is none or it cannot be read
     */
    Optional<HookSnapshot> load(String key);

    /**
     * @param key      the key
     * @param snapshot the snapshot to keep, or empty to clear it
     * @throws java.io.UncheckedIOException if it cannot be written
     */
    void store(String key, Optional<HookSnapshot> snapshot);
}
