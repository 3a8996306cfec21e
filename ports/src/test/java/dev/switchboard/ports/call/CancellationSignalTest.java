package dev.switchboard.ports.call;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

class CancellationSignalTest {

    @Test
    void runsEachActionOnceWhenRaisedAndLateActionsAtOnce() {
        CancellationSignal signal = new CancellationSignal();
        AtomicInteger runs = new AtomicInteger();
        signal.onCancel(runs::incrementAndGet);

        assertThat(signal.raise()).isTrue();
        assertThat(signal.raise()).isFalse();
        signal.onCancel(runs::incrementAndGet);

        assertThat(signal.isCancelled()).isTrue();
        assertThat(runs).hasValue(2);
    }

    @Test
    void aForgottenActionDoesNotRun() {
        CancellationSignal signal = new CancellationSignal();
        AtomicInteger runs = new AtomicInteger();
        Runnable action = runs::incrementAndGet;
        signal.onCancel(action);

        signal.forget(action);
        signal.raise();

        assertThat(runs).hasValue(0);
    }

    @Test
    void anActionThatThrowsDoesNotKeepTheOthersFromRunning() {
        CancellationSignal signal = new CancellationSignal();
        AtomicInteger runs = new AtomicInteger();
        signal.onCancel(() -> {
            throw new IllegalStateException("broken action");
        });
        signal.onCancel(runs::incrementAndGet);

        signal.raise();

        assertThat(runs).hasValue(1);
    }
}
