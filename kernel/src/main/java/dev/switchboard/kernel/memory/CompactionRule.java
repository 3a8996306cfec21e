package dev.switchboard.kernel.memory;

/**
 * When a serial-collector server asks for a full collection (ADR 76). The serial collector collects the old generation
 * only when it is full and gives committed heap back only at a full collection (to {@code -XX:MaxHeapFreeRatio}), so
 * without one a burst of large answers keeps its heap and objects promoted early from the small young generation
 * raise the old generation slowly under steady calls. A collection is asked when either:
 * <ul>
 *   <li><b>after a burst</b>: no young collection (so no calls to speak of) for {@code idleMillis} and the committed
 *       heap exceeds twice the old generation's live bytes by at least {@code slackBytes}; once per quiet spell (a
 *       young collection must come between two such requests);</li>
 *   <li><b>growth</b>: the old generation has grown by at least {@code slackBytes}, and by at least half its live
 *       bytes, since its last full collection, busy or not (a few times during a burst of large answers; about once in three
 *       hours of docs/performance.md's steady mix, whose old generation grows by 45 KiB a minute).</li>
 * </ul>
 * Before the first full collection the old generation's first reading stands for its live bytes. No request follows
 * one that brought no full collection (a JVM run with {@code -XX:+DisableExplicitGC}). Not thread-safe:
 * one caller feeds it readings in time order.
 */
public final class CompactionRule {

    /** The defaults: 30 s quiet, 8 MiB of slack. */
    public static final long IDLE_MILLIS = 30_000;

    /** See {@link #IDLE_MILLIS}. */
    public static final long SLACK_BYTES = 8L << 20;

    private final long idleMillis;
    private final long slackBytes;
    private long youngSeen = -1;
    private long youngSinceMillis;
    private long youngAtRequest = -1;
    private long fullAtRequest = -1;
    private long firstOldUsed = -1;

    /**
     * @param idleMillis how long without a young collection counts as quiet, in milliseconds
     * @param slackBytes the committed or grown bytes worth a collection
     */
    public CompactionRule(long idleMillis, long slackBytes) {
        this.idleMillis = idleMillis;
        this.slackBytes = slackBytes;
    }

    /** With {@link #IDLE_MILLIS} and {@link #SLACK_BYTES}. */
    public CompactionRule() {
        this(IDLE_MILLIS, SLACK_BYTES);
    }

    /**
     * @param r the reading, later than the previous one
     * @return whether to ask for a full collection now
     */
    public boolean due(HeapReading r) {
        if (r.youngCollections() != youngSeen) {
            youngSeen = r.youngCollections();
            youngSinceMillis = r.atMillis();
        }
        if (firstOldUsed < 0) {
            firstOldUsed = r.oldUsedBytes();
        }
        long live = r.oldLiveBytes() >= 0 ? r.oldLiveBytes() : firstOldUsed;
        boolean quiet = r.atMillis() - youngSinceMillis >= idleMillis && r.youngCollections() != youngAtRequest;
        boolean burst = quiet && r.committedBytes() - 2 * live >= slackBytes;
        boolean grown = r.oldUsedBytes() - live >= Math.max(slackBytes, live / 2);
        if ((burst || grown) && r.fullCollections() != fullAtRequest) {
            youngAtRequest = r.youngCollections();
            fullAtRequest = r.fullCollections();
            return true;
        }
        return false;
    }
}
