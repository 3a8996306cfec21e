package dev.switchboard.plugin.storage.sqlite.adapter.out.persistence;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The counter of each signal topic as this process last saw it, whether through its own commit or the poller's read
 * of {@value #TABLE}. A counter that moves past the seen one is a change to deliver. Thread-safe.
 */
final class SignalVersions {

    /** The table holding one counter per topic ever published. */
    static final String TABLE = "switchboard_signals";

    /** Creates the table when missing; run inside the first publishing transaction. */
    static final String CREATE =
            "CREATE TABLE IF NOT EXISTS " + TABLE + "(topic TEXT PRIMARY KEY, version INTEGER NOT NULL) WITHOUT ROWID";

    private final ConcurrentHashMap<String, Long> versions = new ConcurrentHashMap<>();

    /**
     * @param topic   a topic
     * @param version its counter as just read or committed
     * @return true if that is newer than what was seen, or the topic was not seen before; the seen counter is then
     *         raised
     */
    boolean advance(String topic, long version) {
        AtomicBoolean newer = new AtomicBoolean();
        versions.compute(topic, (t, old) -> {
            if (old == null || version > old) {
                newer.set(true);
                return version;
            }
            return old;
        });
        return newer.get();
    }
}
