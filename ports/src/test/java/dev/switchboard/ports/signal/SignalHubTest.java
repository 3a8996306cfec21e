package dev.switchboard.ports.signal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

class SignalHubTest {

    private final List<Set<String>> activity = new CopyOnWriteArrayList<>();
    private final SignalHub hub = new SignalHub(activity::add);

    @Test
    void aDeliveredTopicRunsItsListenerOnAnotherThreadAndNotOtherTopics() throws InterruptedException {
        Semaphore lists = new Semaphore(0);
        AtomicInteger others = new AtomicInteger();
        hub.subscribe("handoff.list", lists::release);
        hub.subscribe("mailbox.inbox", others::incrementAndGet);

        hub.deliver("handoff.list");

        assertThat(lists.tryAcquire(2, TimeUnit.SECONDS)).isTrue();
        Thread.sleep(50);
        assertThat(others).hasValue(0);
    }

    @Test
    void signalsArrivingWhileTheListenerRunsWakeItOnceMore() throws InterruptedException {
        CountDownLatch running = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger calls = new AtomicInteger();
        hub.subscribe("handoff.list", () -> {
            if (calls.incrementAndGet() == 1) {
                running.countDown();
                await(release);
            }
        });

        hub.deliver("handoff.list");
        assertThat(running.await(2, TimeUnit.SECONDS)).isTrue();
        for (int i = 0; i < 10; i++) {
            hub.deliver("handoff.list");
        }
        release.countDown();
        Thread.sleep(200);

        assertThat(calls).hasValue(2);
    }

    @Test
    void aSignalBeforeTheAwaitIsNotLostAndIsConsumedOnce() throws InterruptedException {
        SignalSubscription waiter = hub.subscribe("mailbox.inbox");

        hub.deliver("mailbox.inbox");

        assertThat(waiter.await(Duration.ZERO)).isTrue();
        assertThat(waiter.await(Duration.ofMillis(20))).isFalse();
    }

    @Test
    void aWaiterWakesWhenASignalArrivesDuringTheWait() throws InterruptedException {
        SignalSubscription waiter = hub.subscribe("mailbox.inbox");
        Thread.ofVirtual().start(() -> {
            sleep(50);
            hub.deliver("mailbox.inbox");
        });

        long start = System.nanoTime();
        assertThat(waiter.await(Duration.ofSeconds(5))).isTrue();
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(4));
    }

    @Test
    void aClosedSubscriptionIsNoLongerDeliveredToAndItsWaiterReturnsFalse() throws InterruptedException {
        AtomicInteger calls = new AtomicInteger();
        SignalSubscription listener = hub.subscribe("handoff.list", calls::incrementAndGet);
        SignalSubscription waiter = hub.subscribe("handoff.list");
        Thread.ofVirtual().start(() -> {
            sleep(50);
            waiter.close();
        });

        assertThat(waiter.await(Duration.ofSeconds(5))).isFalse();
        listener.close();
        hub.deliver("handoff.list");
        Thread.sleep(100);

        assertThat(calls).hasValue(0);
        assertThat(listener.isOpen()).isFalse();
    }

    @Test
    void theAdapterIsToldWhichTopicsHaveSubscribersAsTheyComeAndGo() {
        SignalSubscription first = hub.subscribe("handoff.list");
        SignalSubscription second = hub.subscribe("handoff.list");
        SignalSubscription inbox = hub.subscribe("mailbox.inbox");
        first.close();
        second.close();
        inbox.close();

        assertThat(activity)
                .containsExactly(
                        Set.of("handoff.list"),
                        Set.of("handoff.list", "mailbox.inbox"),
                        Set.of("mailbox.inbox"),
                        Set.of());
    }

    @Test
    void aClosedHubClosesItsSubscriptionsAndRefusesNewOnes() throws InterruptedException {
        SignalSubscription waiter = hub.subscribe("handoff.list");

        hub.close();

        assertThat(waiter.isOpen()).isFalse();
        assertThat(waiter.await(Duration.ofSeconds(1))).isFalse();
        assertThatThrownBy(() -> hub.subscribe("handoff.list"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("closed");
    }

    @Test
    void aMalformedTopicIsRefusedNamingTheShape() {
        for (String bad : new String[] {"", "Handoff", "1list", "a b", "x".repeat(49)}) {
            assertThatThrownBy(() -> hub.subscribe(bad))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("[a-z][a-z0-9_.-]*");
        }
        assertThatThrownBy(() -> ChangeSignals.requireTopic(null)).hasMessageContaining("got null");
        assertThat(ChangeSignals.requireTopic("x".repeat(48))).hasSize(48);
    }

    @Test
    void aVeryLongTimeoutDoesNotOverflow() throws InterruptedException {
        SignalSubscription waiter = hub.subscribe("handoff.list");
        hub.deliver("handoff.list");

        assertThat(waiter.await(Duration.ofSeconds(Long.MAX_VALUE))).isTrue();
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
