package dev.switchboard.plugin.mailbox.status.application;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.application.MailboxSettingKeys;
import dev.switchboard.ports.plugin.InvalidSettingException;
import dev.switchboard.ports.plugin.PluginContext;

/**
 * The cap on held {@code GET /status?wait} polls in this process: at most {@code status-max-held} in total
 * ({@value #DEFAULT_TOTAL} by default, {@value #MIN}..{@value #MAX}) and {@code status-max-held-per-token} per
 * token ({@value #DEFAULT_PER_TOKEN} by default, {@value #MIN}..{@value #MAX}); the original's 64 and 8. A slot is
 * taken before the poll is held and given back when it ends or its client leaves, whichever comes first (closing a
 * {@link Slot} twice gives it back once). Thread-safe: one lock guards both counts.
 */
@Singleton
public final class HeldPolls {

    /** The default cap on held polls in total. */
    public static final int DEFAULT_TOTAL = 64;

    /** The default cap on held polls per token. */
    public static final int DEFAULT_PER_TOKEN = 8;

    /** The smallest value of either setting. */
    public static final int MIN = 1;

    /** The largest value of either setting. */
    public static final int MAX = 10_000;

    private final int total;
    private final int perToken;
    private final Map<String, Integer> byHolder = new HashMap<>();
    private int held;

    /** @throws InvalidSettingException if a setting is not a whole number within {@value #MIN}..{@value #MAX} */
    @Inject
    HeldPolls(PluginContext context) {
        this(
                context.settings().integer(MailboxSettingKeys.STATUS_MAX_HELD, DEFAULT_TOTAL, MIN, MAX),
                context.settings().integer(MailboxSettingKeys.STATUS_MAX_HELD_PER_TOKEN, DEFAULT_PER_TOKEN, MIN, MAX));
    }

    /**
     * @param total    the cap in total
     * @param perToken the cap per holder
     * @throws IllegalArgumentException if a cap is outside {@value #MIN}..{@value #MAX}
     */
    public HeldPolls(int total, int perToken) {
        if (total < MIN || total > MAX || perToken < MIN || perToken > MAX) {
            throw new IllegalArgumentException(
                    "held-poll caps must be within " + MIN + ".." + MAX + ", got " + total + " and " + perToken);
        }
        this.total = total;
        this.perToken = perToken;
    }

    /**
     * @param holder who holds the poll: the principal's id (a token's id, never the token)
     * @return a slot, or empty when the total or the holder's cap is reached
     */
    public synchronized Optional<Slot> take(String holder) {
        int mine = byHolder.getOrDefault(holder, 0);
        if (held >= total || mine >= perToken) {
            return Optional.empty();
        }
        held++;
        byHolder.put(holder, mine + 1);
        return Optional.of(new Slot(holder));
    }

    /** @return how many polls hold a slot now */
    public synchronized int held() {
        return held;
    }

    private synchronized void giveBack(String holder) {
        held--;
        byHolder.computeIfPresent(holder, (key, count) -> count > 1 ? count - 1 : null);
    }

    /** One held poll's place; closing it gives the place back, once. Thread-safe. */
    public final class Slot implements AutoCloseable {

        private final String holder;
        private final AtomicBoolean open = new AtomicBoolean(true);

        private Slot(String holder) {
            this.holder = holder;
        }

        @Override
        public void close() {
            if (open.compareAndSet(true, false)) {
                giveBack(holder);
            }
        }
    }
}
