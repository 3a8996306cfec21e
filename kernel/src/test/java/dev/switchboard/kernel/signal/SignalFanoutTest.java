package dev.switchboard.kernel.signal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;

import dev.switchboard.ports.signal.ChangeSignals;
import dev.switchboard.ports.signal.SignalReceiver;
import dev.switchboard.ports.signal.SignalRelay;
import dev.switchboard.ports.signal.SignalSubscription;

/** The fan-out on a relay that records what it is told to watch and reports what the test says changed. */
class SignalFanoutTest {

    private final List<Set<String>> activity = new CopyOnWriteArrayList<>();
    private final List<String> published = new CopyOnWriteArrayList<>();
    private final AtomicReference<SignalReceiver> receiver = new AtomicReference<>();
    private final SignalFanout hub = new SignalFanout(new SignalRelay() {
        @Override
        public void publish(Connection transaction, String topic) {
            published.add(topic);
        }

        @Override
        public void watch(Set<String> topics, SignalReceiver to) {
            activity.add(topics);
            receiver.set(to);
        }
    });

    private void deliver(String topic) {
        receiver.get().changed(Set.of(topic));
    }

    @Test
    void aDeliveredTopicRunsItsListenerOnAnotherThreadAndNotOtherTopics() throws InterruptedException {
        Semaphore lists = new Semaphore(0);
        AtomicInteger others = new AtomicInteger();
        hub.subscribe("handoff.list", lists::release);
        hub.subscribe("mailbox.inbox", others::incrementAndGet);

        deliver("handoff.list");

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

        deliver("handoff.list");
        assertThat(running.await(2, TimeUnit.SECONDS)).isTrue();
        for (int i = 0; i < 10; i++) {
            deliver("handoff.list");
        }
        release.countDown();
        Thread.sleep(200);

        assertThat(calls).hasValue(2);
    }

    @Test
    void aSignalBeforeTheAwaitIsNotLostAndIsConsumedOnce() {
        SignalSubscription waiter = hub.subscribe("mailbox.inbox");

        deliver("mailbox.inbox");

        assertThat(waiter.await(Duration.ZERO)).isTrue();
        assertThat(waiter.await(Duration.ofMillis(20))).isFalse();
    }

    @Test
    void aWaiterWakesWhenASignalArrivesDuringTheWait() {
        SignalSubscription waiter = hub.subscribe("mailbox.inbox");
        Thread.ofVirtual().start(() -> {
            sleep(50);
            deliver("mailbox.inbox");
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
        deliver("handoff.list");
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
    void aClosedFanoutClosesItsSubscriptionsStopsTheRelayAndRefusesNewOnes() {
        SignalSubscription waiter = hub.subscribe("handoff.list");

        hub.close();

        assertThat(activity).last().isEqualTo(Set.of());
        assertThat(waiter.isOpen()).isFalse();
        assertThat(waiter.await(Duration.ofSeconds(1))).isFalse();
        assertThatThrownBy(() -> hub.subscribe("handoff.list"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("closed");
    }

    @Test
    void anInterruptedWaiterReturnsFalseAtOnceAndKeepsItsInterruptStatus() {
        SignalSubscription waiter = hub.subscribe("handoff.list");
        Thread.currentThread().interrupt();

        assertThat(waiter.await(Duration.ofSeconds(5))).isFalse();
        assertThat(Thread.interrupted()).isTrue();
    }

    @Test
    void aPublishIsCheckedAndHandedToTheRelay() {
        hub.publish(null, "handoff.list");

        assertThat(published).containsExactly("handoff.list");
        assertThatThrownBy(() -> hub.publish(null, "Bad Topic")).isInstanceOf(IllegalArgumentException.class);
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
    void aVeryLongTimeoutDoesNotOverflow() {
        SignalSubscription waiter = hub.subscribe("handoff.list");
        deliver("handoff.list");

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
