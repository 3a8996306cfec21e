package dev.switchboard.plugin.mailbox.wait.application;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.application.port.out.Transactions;
import dev.switchboard.ports.signal.ChangeSignals;
import dev.switchboard.ports.signal.SignalSubscription;

/**
 * The waits' view of a channel's change signal, shared by every wait of the channel in this process: one listener
 * subscription per channel while any wait holds a {@link Watch}, counting the signals it was told of (the channel's
 * <em>epoch</em>), and the reads the waits of one role share.
 *
 * <p><b>Why an epoch.</b> A signal is delivered after its commit can be read. So a read that began when the epoch was
 * already {@code e} sees every commit whose signal was counted up to {@code e}, and a wait that woke at epoch
 * {@code e} can take any such read instead of making its own: the first wait of a role woken by a signal reads, the
 * others woken by the same signal take its answer (ADR 24). A commit during that read is counted after the read
 * began, so the read does not cover it and every wait sleeps only until the epoch passes what its read covered: it
 * wakes again at once. Nothing is missed and no answer predates the signal that woke its wait.
 *
 * <p>Thread-safe. A watch belongs to one wait (one thread); the shared state is guarded by the channel's lock.
 */
@Singleton
public final class ChannelWakes {

    /**
     * How often a sleeping wait looks whether the storage closed: a listener subscription closed with the storage
     * says nothing, so a wait that would otherwise sleep to its deadline ends within this bound instead.
     */
    static final long CLOSE_CHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(250);

    /** How a {@link Watch#await} ended. */
    public enum Wake {
        /** The epoch passed the one asked about: a signal arrived. */
        CHANGED,
        /** The time was up first. */
        TIMED_OUT,
        /** The wait was cancelled, its thread interrupted, or the storage closed. */
        ENDED
    }

    private final ChangeSignals signals;
    private final ReentrantLock lock = new ReentrantLock();
    private final Map<Long, Channel> channels = new HashMap<>();

    @Inject
    ChannelWakes(ChangeSignals signals) {
        this.signals = signals;
    }

    /**
     * Starts watching a channel for one wait: from the return on, every signal of the channel is counted (subscribe
     * before the first read, as {@link ChangeSignals} asks).
     *
     * @param channelId the channel
     * @return the wait's watch; close it when the wait ends
     * @throws IllegalStateException if the storage is closed
     */
    public Watch watch(long channelId) {
        lock.lock();
        try {
            Channel channel = channels.get(channelId);
            if (channel == null) {
                channel = new Channel(channelId);
                channel.subscription = signals.subscribe(Transactions.signalTopic(channelId), channel::tick);
                channels.put(channelId, channel);
            }
            channel.holders++;
            return new Watch(channel);
        } finally {
            lock.unlock();
        }
    }

    /** @return how many channels have a listener now (for tests: a channel no wait holds has none) */
    int watchedChannels() {
        lock.lock();
        try {
            return channels.size();
        } finally {
            lock.unlock();
        }
    }

    private void release(Channel channel) {
        SignalSubscription unused = null;
        lock.lock();
        try {
            if (--channel.holders == 0) {
                channels.remove(channel.id);
                unused = channel.subscription;
            }
        } finally {
            lock.unlock();
        }
        if (unused != null) {
            unused.close();
        }
    }

    /** One channel's epoch, condition and shared reads, while a wait holds it. */
    private static final class Channel {
        private final long id;
        private final ReentrantLock lock = new ReentrantLock();
        private final Condition changed = lock.newCondition();
        private final Map<String, SharedRead> reads = new HashMap<>();
        private long epoch;
        private int holders;
        private SignalSubscription subscription;

        Channel(long id) {
            this.id = id;
        }

        /** The listener: one more signal counted, every sleeping wait of the channel woken. */
        void tick() {
            lock.lock();
            try {
                epoch++;
                changed.signalAll();
            } finally {
                lock.unlock();
            }
        }
    }

    /** A read of one key, begun when the channel's epoch was {@code startedAt}. */
    private record SharedRead(long startedAt, CompletableFuture<Object> value) {}

    /** One wait's hold on its channel. Used by that wait's thread; {@link #cancel} from any thread. */
    public final class Watch implements AutoCloseable {

        private final Channel channel;
        private volatile boolean cancelled;
        private boolean closed;

        private Watch(Channel channel) {
            this.channel = channel;
        }

        /** @return how many signals of the channel were counted since it was first watched */
        public long epoch() {
            channel.lock.lock();
            try {
                return channel.epoch;
            } finally {
                channel.lock.unlock();
            }
        }

        /**
         * Sleeps until the epoch passes {@code seen}, the time is up, or the wait ends.
         *
         * @param seen    the epoch the caller's last read covered
         * @param timeout the most to sleep, in nanoseconds
         * @return why it returned; {@link Wake#CHANGED} at once when the epoch already passed {@code seen}
         */
        public Wake await(long seen, long timeout) {
            long deadline = System.nanoTime() + Math.max(0, timeout);
            try {
                channel.lock.lockInterruptibly();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Wake.ENDED;
            }
            try {
                while (true) {
                    if (cancelled || !channel.subscription.isOpen()) {
                        return Wake.ENDED;
                    }
                    if (channel.epoch > seen) {
                        return Wake.CHANGED;
                    }
                    long remaining = deadline - System.nanoTime();
                    if (remaining <= 0) {
                        return Wake.TIMED_OUT;
                    }
                    channel.changed.awaitNanos(Math.min(remaining, CLOSE_CHECK_NANOS));
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Wake.ENDED;
            } finally {
                channel.lock.unlock();
            }
        }

        /**
         * A read of {@code key} (one role's counters, say) that began at epoch {@code freshAsOf} or later: an earlier
         * wait's, finished or still running, when there is one, else a new one that later waits may take.
         *
         * @param key       what is read, the same key for the same read (include the role)
         * @param freshAsOf the least epoch the read must have begun at
         * @param load      the read, in its own transaction; what it returns must be immutable (several waits use it)
         * @param <V>       what it reads
         * @return the read's value and the epoch it began at
         * @throws RuntimeException what {@code load} threw, to every wait that took that read
         */
        public <V> Taken<V> shared(String key, long freshAsOf, Supplier<V> load) {
            return take(key, freshAsOf, load);
        }

        /**
         * A new read of {@code key}, which later waits may take as {@link #shared} does.
         *
         * @return the read's value and the epoch it began at
         */
        public <V> Taken<V> fresh(String key, Supplier<V> load) {
            return take(key, Long.MAX_VALUE, load);
        }

        @SuppressWarnings("unchecked")
        private <V> Taken<V> take(String key, long freshAsOf, Supplier<V> load) {
            SharedRead read;
            boolean lead;
            channel.lock.lock();
            try {
                SharedRead current = channel.reads.get(key);
                lead = current == null || current.startedAt() < freshAsOf;
                read = lead ? new SharedRead(channel.epoch, new CompletableFuture<>()) : current;
                if (lead) {
                    channel.reads.put(key, read);
                }
            } finally {
                channel.lock.unlock();
            }
            if (lead) {
                try {
                    read.value().complete(load.get());
                } catch (RuntimeException | Error e) {
                    forget(key, read);
                    read.value().completeExceptionally(e);
                    throw e;
                }
            }
            try {
                return new Taken<>((V) read.value().join(), read.startedAt());
            } catch (CompletionException e) {
                throw e.getCause() instanceof RuntimeException cause ? cause : e;
            }
        }

        private void forget(String key, SharedRead read) {
            channel.lock.lock();
            try {
                channel.reads.remove(key, read);
            } finally {
                channel.lock.unlock();
            }
        }

        /** Ends a sleeping {@link #await} at once (and every later one) with {@link Wake#ENDED}. */
        public void cancel() {
            cancelled = true;
            channel.lock.lock();
            try {
                channel.changed.signalAll();
            } finally {
                channel.lock.unlock();
            }
        }

        /** Lets go of the channel; the last watch of a channel closes its listener and forgets its reads. */
        @Override
        public void close() {
            if (!closed) {
                closed = true;
                cancelled = true;
                release(channel);
            }
        }
    }

    /**
     * A read's value and the epoch it began at: it covers every signal counted up to {@code coveredEpoch}.
     *
     * @param value        what the read returned
     * @param coveredEpoch the epoch when it began
     * @param <V>          what it reads
     */
    public record Taken<V>(V value, long coveredEpoch) {}
}
