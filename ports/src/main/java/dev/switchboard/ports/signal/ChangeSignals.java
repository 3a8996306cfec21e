package dev.switchboard.ports.signal;

import java.sql.Connection;

/**
 * Wake-ups across threads, processes and nodes that share one database: "topic X changed, read it again".
 *
 * <p><b>What a signal is.</b> A topic name and nothing else: no payload, no sequence, no sender. A listener that is
 * woken re-reads the state it cares about from the database. Topics are plugin-chosen names matching
 * {@value #TOPIC_PATTERN} (at most {@value #MAX_TOPIC_LENGTH} characters), prefixed with the plugin id by convention
 * ({@code handoff.list}).
 *
 * <p><b>Delivery guarantees.</b>
 * <ul>
 *   <li>Published inside a transaction: a signal becomes visible exactly when that transaction commits, and never when
 *       it rolls back. It is never seen before the change it announces can be read.</li>
 *   <li>At least once: every subscription of the topic that is open when the commit becomes visible is woken at least
 *       once afterwards, in this process, in other processes on the same database and on other nodes; a subscription
 *       made after that may or may not be woken for it. If the publishing process dies right after the commit, before
 *       its adapter could tell the others, they are woken within the adapter's re-signal bound instead (PostgreSQL:
 *       {@code signal-resync-ms}, 30 s by default; SQLite keeps the signal in the committed transaction). Spurious
 *       wake-ups are allowed (after an adapter reconnects, or re-signals a topic that changed, say), so a listener must
 *       be idempotent.</li>
 *   <li>Coalesced: several signals of a topic that arrive while a listener runs, or before a waiter looks, wake it
 *       once. No count is kept.</li>
 *   <li>Latency: in the publishing process, at once after the commit; elsewhere, within the adapter's bound (SQLite:
 *       its poll interval, 50 ms by default; PostgreSQL: the time a {@code NOTIFY} takes to arrive, milliseconds).</li>
 * </ul>
 *
 * <p><b>Cost.</b> With no subscription open, an adapter does no background work at all. Publishing adds at most one
 * small statement to the caller's transaction (SQLite: a counter; PostgreSQL: none, its {@code NOTIFY} is sent after
 * the commit, batched).
 *
 * <p>Race-free waiting: subscribe first, then read the state, then wait; a change committed after the subscription was
 * made wakes it even if it landed before the wait began:
 *
 * <pre>{@code
 * try (SignalSubscription changes = signals.subscribe("mailbox.inbox")) {
 *     while (inbox.isEmpty() && changes.await(remaining)) { ... }
 * }
 * }</pre>
 *
 * <p>The kernel implements this on the open storage's {@link SignalRelay} and binds it for injection; plugins never
 * see the relay. Implementations are thread-safe.
 */
public interface ChangeSignals {

    /** The shape of a topic name. */
    String TOPIC_PATTERN = "[a-z][a-z0-9_.-]*";

    /** The longest topic name, in characters (a PostgreSQL channel name is at most 63 bytes, with a prefix). */
    int MAX_TOPIC_LENGTH = 48;

    /**
     * Publishes a signal as part of the caller's transaction: it is delivered when the transaction commits, and not at
     * all when it rolls back.
     *
     * @param transaction the connection a {@link dev.switchboard.ports.storage.SqlStorage#transaction} work was given,
     *                    of the storage these signals belong to
     * @param topic       the topic; see {@link #requireTopic(String)}
     * @throws dev.switchboard.ports.storage.StorageException if the database refuses the adapter's statement; thrown
     *                                                        out of the work, it rolls the caller's transaction back
     * @throws IllegalArgumentException                       if the topic is malformed
     * @throws IllegalStateException                          if called outside a transaction of this storage
     */
    void publish(Connection transaction, String topic);

    /**
     * Subscribes a listener. The listener runs on a virtual thread of the adapter, never on the publisher's thread and
     * never twice at once for one subscription; it should return promptly. One that throws is logged and stays
     * subscribed.
     *
     * @param topic    the topic; see {@link #requireTopic(String)}
     * @param listener called after each (coalesced) signal of the topic
     * @return the subscription; closing it stops delivery
     * @throws IllegalArgumentException if the topic is malformed
     * @throws IllegalStateException    if the storage is closed
     */
    SignalSubscription subscribe(String topic, Runnable listener);

    /**
     * Subscribes a waiter, for "wait until the topic changes or the time is up" ({@link SignalSubscription#await}).
     *
     * @param topic the topic; see {@link #requireTopic(String)}
     * @return the subscription; close it when done waiting
     * @throws IllegalArgumentException if the topic is malformed
     * @throws IllegalStateException    if the storage is closed
     */
    SignalSubscription subscribe(String topic);

    /**
     * @param topic a candidate topic name
     * @return the topic, unchanged
     * @throws IllegalArgumentException if it is null, empty, longer than {@value #MAX_TOPIC_LENGTH} characters or not
     *                                  of the form {@value #TOPIC_PATTERN}
     */
    static String requireTopic(String topic) {
        boolean wellFormed = topic != null
                && !topic.isEmpty()
                && topic.length() <= MAX_TOPIC_LENGTH
                && topic.charAt(0) >= 'a'
                && topic.charAt(0) <= 'z'
                && topic.chars()
                        .allMatch(c ->
                                (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '.' || c == '-');
        if (!wellFormed) {
            throw new IllegalArgumentException("a signal topic is 1 to " + MAX_TOPIC_LENGTH
                    + " characters matching " + TOPIC_PATTERN + ", such as handoff.list; got "
                    + (topic == null ? "null" : "'" + topic + "'"));
        }
        return topic;
    }
}
