package dev.switchboard.plugin.transport.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

/** The bucket arithmetic on a hand-moved clock: spending, refilling, rounding up, and dropping idle buckets. */
class TokenBucketsTest {

    private static final long SECOND = 1_000_000_000L;

    private final AtomicLong clock = new AtomicLong();
    private final TokenBuckets buckets = new TokenBuckets(0.5, 2, clock::get);

    @Test
    void aKeySpendsItsBurstThenWaitsWholeSecondsRoundedUpForTheNextPermit() {
        assertThat(buckets.take("a")).isEmpty();
        assertThat(buckets.take("a")).isEmpty();
        assertThat(buckets.take("a")).isEqualTo(OptionalLong.of(2));

        clock.addAndGet(SECOND / 2);
        assertThat(buckets.take("a")).isEqualTo(OptionalLong.of(2)); // 1.5 s left, rounded up
        clock.addAndGet(3 * SECOND / 2);
        assertThat(buckets.take("a")).isEmpty();
        assertThat(buckets.take("b")).isEmpty();
    }

    @Test
    void onlyBucketsThatRefilledCompletelyAreEvicted() {
        buckets.take("idle");
        clock.addAndGet(2 * SECOND);
        buckets.take("busy");

        buckets.evictFull();

        assertThat(buckets.size()).isEqualTo(1);
        clock.addAndGet(2 * SECOND);
        buckets.evictFull();
        assertThat(buckets.size()).isZero();
    }
}
