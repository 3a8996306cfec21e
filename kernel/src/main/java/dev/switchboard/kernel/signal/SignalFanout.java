package dev.switchboard.kernel.signal;

import java.sql.Connection;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.switchboard.ports.signal.ChangeSignals;
import dev.switchboard.ports.signal.SignalRelay;
import dev.switchboard.ports.signal.SignalSubscription;

/**
 * The kernel's {@link ChangeSignals}, on the open storage's {@link SignalRelay}: the open subscriptions by topic,
 * coalesced delivery to listeners (one virtual thread per burst, never two at once per subscription) and to waiters.
 * The relay is told which topics have subscribers whenever that set changes (so it watches the database only while
 * someone listens) and reports changed topics back. Thread-safe.
 */
public final class SignalFanout implements ChangeSignals, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(SignalFanout.class);

    private final ReentrantLock lock = new ReentrantLock();
    private final Map<String, List<Entry>> byTopic = new HashMap<>();
    private final SignalRelay relay;
    private volatile Map<String, List<Entry>> snapshot = Map.of();
    private boolean closed;

    /** @param relay the open storage's relay */
    public SignalFanout(SignalRelay relay) {
        this.relay = Objects.requireNonNull(relay, "relay");
    }

    @Override
    public void publish(Connection transaction, String topic) {
        relay.publish(transaction, ChangeSignals.requireTopic(topic));
    }

    @Override
    public SignalSubscription subscribe(String topic, Runnable listener) {
        return add(new Entry(ChangeSignals.requireTopic(topic), Objects.requireNonNull(listener, "listener")));
    }

    @Override
    public SignalSubscription subscribe(String topic) {
        return add(new Entry(ChangeSignals.requireTopic(topic), null));
    }

    /** @param topics topics whose change became visible; wakes their open subscriptions, returns at once */
    void deliver(Set<String> topics) {
        Map<String, List<Entry>> current = snapshot;
        for (String topic : topics) {
            List<Entry> entries = current.get(topic);
            if (entries != null) {
                entries.forEach(Entry::signal);
            }
        }
    }

    /** Closes every subscription (a waiter returns false) and refuses new ones; the relay is left to its storage. */
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
            if (!byTopic.isEmpty()) {
                relay.watch(Set.of(), this::deliver);
            }
        } finally {
            lock.unlock();
        }
        open.forEach(Entry::close);
    }

    private SignalSubscription add(Entry entry) {
        lock.lock();
        try {
            if (closed) {
                throw new IllegalStateException("the storage is closed; no change signal can be subscribed to");
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
            relay.watch(Set.copyOf(byTopic.keySet()), this::deliver);
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
                        LOG.warn("a listener of change signal {} failed", topic, e);
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
        public boolean await(Duration timeout) {
            long remaining = nanos(timeout);
            try {
                waitLock.lockInterruptibly();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
            try {
                while (open && !awaitPending && remaining > 0) {
                    remaining = arrived.awaitNanos(remaining);
                }
                if (open && awaitPending) {
                    awaitPending = false;
                    return true;
                }
                return false;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
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
