package dev.switchboard.plugin.mailbox.wait.application;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

/**
 * The reads the waits of one channel share in this process: a check of a wait may take any read of the same key (one
 * role's counters, say) that <em>began after the check did</em>, instead of making its own.
 *
 * <p><b>Why that is exact.</b> A change signal is delivered after its commit can be read, and a woken wait checks
 * after its wake; so a read that began after the check began sees every commit whose signal woke the wait, and every
 * commit made before the check. When a read of the key is running but began too early for a check, the check waits
 * for the next one, which begins when the running one ends and serves every check that queued for it: the waits of one
 * role woken by one send read its counters once or twice between them, instead of once each (ADR 24). A commit during
 * a read signals the waits again, so they check again: nothing is missed.
 *
 * <p>Thread-safe: each channel's reads are guarded by the channel's lock; a channel's state lives while a
 * {@link Watch} of it is open.
 */
@Singleton
public final class ChannelWakes {

    private final Object lock = new Object();
    private final Map<Long, Channel> channels = new HashMap<>();

    @Inject
    ChannelWakes() {}

    /**
     * @param channelId the channel a wait watches
     * @return the wait's hold on the channel's shared reads; close it when the wait ends
     */
    public Watch watch(long channelId) {
        synchronized (lock) {
            Channel channel = channels.computeIfAbsent(channelId, id -> new Channel());
            channel.holders++;
            return new Watch(channelId, channel);
        }
    }

    /** @return how many channels have shared-read state now (for tests: a channel no wait holds has none) */
    int watchedChannels() {
        synchronized (lock) {
            return channels.size();
        }
    }

    private void release(long channelId, Channel channel) {
        synchronized (lock) {
            if (--channel.holders == 0) {
                channels.remove(channelId);
            }
        }
    }

    /** One channel's reads by key, while a wait holds it. */
    private static final class Channel {
        private final Map<String, Slot> slots = new HashMap<>();
        private int holders;
    }

    /** A key's latest read (running or done) and the one queued to begin after it. */
    private static final class Slot {
        private SharedRead latest;
        private SharedRead next;
    }

    /** One read; {@code startedAt} ({@link System#nanoTime}) is set when it begins. */
    private static final class SharedRead {
        private final CompletableFuture<Object> value = new CompletableFuture<>();
        private long startedAt;
    }

    /** One wait's hold on its channel's shared reads. Used by that wait's thread. */
    public final class Watch implements AutoCloseable {

        private final long channelId;
        private final Channel channel;
        private boolean closed;

        private Watch(long channelId, Channel channel) {
            this.channelId = channelId;
            this.channel = channel;
        }

        /**
         * @param key   what is read, the same key for the same read (name the role in it)
         * @param after a {@link System#nanoTime} reading: the read taken began at or after it
         * @param load  the read, in its own transaction; what it returns must be immutable (several waits use it)
         * @param <V>   what it reads
         * @return the value of a read begun at or after {@code after}: a finished or running one, the one queued
         *     after a running one that began too early, or a new one
         * @throws RuntimeException what {@code load} threw, to every wait that took that read
         */
        @SuppressWarnings("unchecked")
        public <V> V read(String key, long after, Supplier<V> load) {
            SharedRead taken;
            SharedRead before = null;
            boolean lead = false;
            synchronized (channel) {
                Slot slot = channel.slots.computeIfAbsent(key, k -> new Slot());
                SharedRead latest = slot.latest;
                if (latest != null && latest.startedAt - after >= 0) {
                    taken = latest;
                } else if (latest != null && !latest.value.isDone()) {
                    if (slot.next == null) {
                        slot.next = new SharedRead();
                        before = latest;
                        lead = true;
                    }
                    taken = slot.next;
                } else {
                    taken = begin(slot, new SharedRead());
                    lead = true;
                }
            }
            if (lead) {
                if (before != null) {
                    before.value.exceptionally(failure -> null).join();
                    synchronized (channel) {
                        Slot slot = channel.slots.get(key);
                        slot.next = null;
                        begin(slot, taken);
                    }
                }
                try {
                    taken.value.complete(load.get());
                } catch (RuntimeException | Error e) {
                    taken.value.completeExceptionally(e);
                    throw e;
                }
            }
            try {
                return (V) taken.value.join();
            } catch (CompletionException e) {
                if (e.getCause() instanceof RuntimeException cause) {
                    throw cause;
                }
                if (e.getCause() instanceof Error error) {
                    throw error;
                }
                throw e;
            }
        }

        private static SharedRead begin(Slot slot, SharedRead read) {
            read.startedAt = System.nanoTime();
            slot.latest = read;
            return read;
        }

        /** Lets go of the channel; the last watch of a channel forgets its reads. */
        @Override
        public void close() {
            if (!closed) {
                closed = true;
                release(channelId, channel);
            }
        }
    }
}
