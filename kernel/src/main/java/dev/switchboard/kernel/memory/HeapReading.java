package dev.switchboard.kernel.memory;

/**
 * One reading of a serial-collector heap, as {@link CompactionRule} takes it.
 *
 * @param atMillis           when it was read, in milliseconds on a monotonic clock
 * @param committedBytes     the heap's committed bytes (young and old generation)
 * @param oldUsedBytes       the bytes used in the old generation now (live and dead)
 * @param oldLiveBytes       the bytes the old generation held right after its last full collection, or {@code -1}
 *                           before the first one
 * @param youngCollections   young collections since the JVM started (they count allocation: calls allocate)
 * @param fullCollections    full collections since the JVM started
 */
public record HeapReading(
        long atMillis,
        long committedBytes,
        long oldUsedBytes,
        long oldLiveBytes,
        long youngCollections,
        long fullCollections) {}
