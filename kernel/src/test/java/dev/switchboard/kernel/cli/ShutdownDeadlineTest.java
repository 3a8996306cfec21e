package dev.switchboard.kernel.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

class ShutdownDeadlineTest {

    @Test
    void expiryRunsWhenTheShutdownOutlivesTheDeadline() throws InterruptedException {
        CountDownLatch expired = new CountDownLatch(1);
        ShutdownDeadline deadline = new ShutdownDeadline(Duration.ofMillis(50), expired::countDown);

        deadline.arm();

        assertThat(expired.await(10, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void expiryNeverRunsOnceTheShutdownFinished() throws InterruptedException {
        AtomicInteger expiries = new AtomicInteger();
        ShutdownDeadline deadline = new ShutdownDeadline(Duration.ofMillis(200), expiries::incrementAndGet);

        deadline.arm();
        deadline.disarm();
        Thread.sleep(400);

        assertThat(expiries).hasValue(0);
    }

    @Test
    void armingTwiceStartsOneClock() throws InterruptedException {
        AtomicInteger expiries = new AtomicInteger();
        CountDownLatch first = new CountDownLatch(1);
        ShutdownDeadline deadline = new ShutdownDeadline(Duration.ofMillis(50), () -> {
            expiries.incrementAndGet();
            first.countDown();
        });

        deadline.arm();
        deadline.arm();
        assertThat(first.await(10, TimeUnit.SECONDS)).isTrue();
        Thread.sleep(200);

        assertThat(expiries).hasValue(1);
    }
}
