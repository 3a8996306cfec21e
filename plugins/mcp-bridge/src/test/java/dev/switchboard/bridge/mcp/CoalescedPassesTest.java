package dev.switchboard.bridge.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

/**
 * A list sync's passes: a report after a quiet spell is passed on at once, and a stream of reports within the spacing
 * costs one more pass after it, not one per report.
 */
class CoalescedPassesTest {

    private final List<Long> passStarts = new CopyOnWriteArrayList<>();
    private final Semaphore passed = new Semaphore(0);

    private void pass() {
        passStarts.add(System.nanoTime());
        passed.release();
    }

    @Test
    void aRequestAfterAQuietSpellRunsAtOnceDespiteALongSpacing() throws InterruptedException {
        CoalescedPasses passes = new CoalescedPasses("test-pass", this::pass, Duration.ofHours(1));

        passes.request();

        assertThat(passed.tryAcquire(10, TimeUnit.SECONDS))
                .as("the first pass does not wait for the spacing")
                .isTrue();
    }

    @Test
    void requestsWithinTheSpacingAreCoalescedIntoOnePassAfterIt() throws InterruptedException {
        Duration spacing = Duration.ofMillis(300);
        CoalescedPasses passes = new CoalescedPasses("test-pass", this::pass, spacing);
        passes.request();
        assertThat(passed.tryAcquire(10, TimeUnit.SECONDS)).isTrue();

        for (int i = 0; i < 100; i++) {
            passes.request();
        }

        assertThat(passed.tryAcquire(10, TimeUnit.SECONDS))
                .as("the requests get a pass")
                .isTrue();
        assertThat(passStarts).as("one pass for the 100 requests").hasSize(2);
        assertThat(passStarts.get(1) - passStarts.get(0))
                .as("the second pass started no sooner than the spacing after the first")
                .isGreaterThanOrEqualTo(spacing.toNanos());
    }

    @Test
    void withoutASpacingEveryRequestAfterAPassGetsItsOwnPass() throws InterruptedException {
        CoalescedPasses passes = new CoalescedPasses("test-pass", this::pass);

        for (int i = 0; i < 3; i++) {
            passes.request();
            assertThat(passed.tryAcquire(10, TimeUnit.SECONDS)).isTrue();
        }

        assertThat(passStarts).hasSize(3);
    }
}
