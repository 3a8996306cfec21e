package dev.switchboard.ports.signal;

import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The in-process half of {@link ChangeSignals} that every storage adapter shares: the open subscriptions by topic,
 * coalesced delivery to listeners (one virtual thread per burst, never two at once per subscription) and to waiters.
 * An adapter calls {@link #deliver} when a commit of its own or a remote change becomes visible, and learns through
 * {@link Activity} which topics have subscribers, so that it watches the database only while someone listens.
 *
 * <p>A helper class rather than a contract, kept in ports because adapters are plugins and cannot share code
 * otherwise; plugins never need it. Thread-safe.
 */
public final class SignalHub implements AutoCloseable {

    /** Told, under the hub's lock, whenever the set of subscribed topics changes. */
    @FunctionalInterface
    public interface Activity {

        /**
         * @param topics the topics with at least one open subscription now, empty when none; an immutable copy. Called
         *               on the subscribing or closing thread, serialised with other subscription changes; it should
         *               return promptly (it delays that subscribe or close).
         */
        void topicsChanged(Set<String> topics);
    }

    private static final System.Logger LOG = System.getLogger(SignalHub.class.getName());

    private final ReentrantLock lock = new ReentrantLock();
    private final Map<String, List<Entry>> byTopic = new HashMap<>();
    private final Activity activity;
    private volatile Map<String, List<Entry>> snapshot = Map.of();
    private boolean closed;

    /** @param activity told about changes of the subscribed topics */
    public SignalHub(Activity activity) {
        this.activity = Objects.requireNonNull(activity, "activity");
    }

    /**
     * @param topic    the topic
     * @param listener run after each coalesced signal, on a virtual thread
     * @return the open subscription
     * @throws IllegalArgumentException if the topic is malformed
     * @throws IllegalStateException    if the hub is closed
     */
    public SignalSubscription subscribe(String topic, Runnable listener) {
        return add(new Entry(ChangeSignals.requireTopic(topic), Objects.requireNonNull(listener, "listener")));
    }

    /**
     * @param topic the topic
     * @return the open subscription, for {@link SignalSubscription#await}
     * @throws IllegalArgumentException if the topic is malformed
     * @throws IllegalStateException    if the hub is closed
     */
    public SignalSubscription subscribe(String topic) {
        return add(new Entry(ChangeSignals.requireTopic(topic), null));
    }

    /** @param topic a topic whose change became visible; wakes its open subscriptions, returns at once */
    public void deliver(String topic) {
        List<Entry> entries = snapshot.get(topic);
        if (entries != null) {
            entries.forEach(Entry::signal);
        }
    }

    /** @param topics topics whose changes became visible */
    public void deliver(Collection<String> topics) {
        topics.forEach(this::deliver);
    }

    /** Wakes every open subscription, for an adapter that may have missed changes (after a reconnect, say). */
    public void deliverAll() {
        snapshot.values().forEach(entries -> entries.forEach(Entry::signal));
    }

    /** @return the topics with at least one open subscription, an immutable copy */
    public Set<String> topics() {
        return Set.copyOf(snapshot.keySet());
    }

    /** Closes every subscription and refuses new ones. Idempotent. */
    @Override
    public void close() {
        List<Entry> open;
        lock.lock();
        try {
            if (closed) {
                return;
            }
            closed = true;
            open = byTopic.values().stream().flatMap(List::stream).toList();
        } finally {
            lock.unlock();
        }
        open.forEach(Entry::close);
    }

    private SignalSubscription add(Entry entry) {
        lock.lock();
        try {
            if (closed) {
                throw new IllegalStateException("the storage is closed; no signal can be subscribed to");
            }
            boolean newTopic = !byTopic.containsKey(entry.topic);
            byTopic.computeIfAbsent(entry.topic, t -> new CopyOnWriteArrayList<>())
                    .add(entry);
            publishSnapshot(newTopic);
            return entry;
        } finally {
            lock.unlock();
        }
    }

    private void remove(Entry entry) {
        lock.lock();
        try {
            List<Entry> entries = byTopic.get(entry.topic);
            if (entries == null || !entries.remove(entry)) {
                return;
            }
            boolean topicGone = entries.isEmpty();
            if (topicGone) {
                byTopic.remove(entry.topic);
            }
            publishSnapshot(topicGone && !closed);
        } finally {
            lock.unlock();
        }
    }

    private void publishSnapshot(boolean topicsChanged) {
        snapshot = Map.copyOf(byTopic);
        if (topicsChanged) {
            activity.topicsChanged(Set.copyOf(byTopic.keySet()));
        }
    }

    /** One subscription: a waiter's flag and condition, and optionally a listener drained on a virtual thread. */
    private final class Entry implements SignalSubscription {

        private final String topic;
        private final Runnable listener;
        private final ReentrantLock waitLock = new ReentrantLock();
        private final Condition arrived = waitLock.newCondition();
        private final AtomicBoolean listenerPending = new AtomicBoolean();
        private final AtomicBoolean listenerRunning = new AtomicBoolean();
        private boolean awaitPending;
        private volatile boolean open = true;

        Entry(String topic, Runnable listener) {
            this.topic = topic;
            this.listener = listener;
        }

        void signal() {
            if (!open) {
                return;
            }
            waitLock.lock();
            try {
                awaitPending = true;
                arrived.signalAll();
            } finally {
                waitLock.unlock();
            }
            if (listener != null) {
                listenerPending.set(true);
                if (listenerRunning.compareAndSet(false, true)) {
                    Thread.ofVirtual().name("signal-" + topic).start(this::drain);
                }
            }
        }

        private void drain() {
            do {
                while (open && listenerPending.getAndSet(false)) {
                    try {
                        listener.run();
                    } catch (RuntimeException e) {
                        LOG.log(Level.WARNING, "a listener of signal topic " + topic + " failed", e);
                    }
                }
                listenerRunning.set(false);
            } while (open && listenerPending.get() && listenerRunning.compareAndSet(false, true));
        }

        @Override
        public String topic() {
            return topic;
        }

        @Override
        public boolean await(Duration timeout) throws InterruptedException {
            long remaining = nanos(timeout);
            waitLock.lockInterruptibly();
            try {
                while (open && !awaitPending && remaining > 0) {
                    remaining = arrived.awaitNanos(remaining);
                }
                if (open && awaitPending) {
                    awaitPending = false;
                    return true;
                }
                return false;
            } finally {
                waitLock.unlock();
            }
        }

        /** Saturates, so that a very long timeout (a day, ChronoUnit.FOREVER) waits rather than overflowing. */
        private static long nanos(Duration timeout) {
            try {
                return Math.max(0, timeout.toNanos());
            } catch (ArithmeticException tooLong) {
                return timeout.isNegative() ? 0 : Long.MAX_VALUE;
            }
        }

        @Override
        public boolean isOpen() {
            return open;
        }

        @Override
        public void close() {
            if (!open) {
                return;
            }
            open = false;
            waitLock.lock();
            try {
                arrived.signalAll();
            } finally {
                waitLock.unlock();
            }
            remove(this);
        }

        @Override
        public String toString() {
            return "SignalSubscription[" + topic + (open ? "" : ", closed") + "]";
        }
    }
}
