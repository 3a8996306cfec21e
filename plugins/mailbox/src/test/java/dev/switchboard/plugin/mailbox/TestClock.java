package dev.switchboard.plugin.mailbox;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A clock tests move by hand, which also ticks one millisecond per reading, so two transactions never share a time
 * and string order stays time order. Shared by every role of a {@link MailboxHarness}. Thread-safe.
 */
public final class TestClock extends Clock {

    private final AtomicReference<Instant> now;

    TestClock(Instant start) {
        this.now = new AtomicReference<>(start);
    }

    /** Moves the clock forward (days, for age and idle counts). */
    public void advance(Duration duration) {
        now.updateAndGet(instant -> instant.plus(duration));
    }

    /** @return the time the next reading is after */
    public Instant peek() {
        return now.get();
    }

    @Override
    public Instant instant() {
        return now.getAndUpdate(instant -> instant.plusMillis(1));
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }
}
