package dev.switchboard.bridge.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

class CallCancellationTest {

    @Test
    void runsEachActionOnceWhenCancelledAndLateActionsAtOnce() {
        CallCancellation cancellation = new CallCancellation();
        AtomicInteger runs = new AtomicInteger();
        cancellation.onCancel(runs::incrementAndGet);

        cancellation.cancel();
        cancellation.cancel();
        cancellation.onCancel(runs::incrementAndGet);

        assertThat(cancellation.isCancelled()).isTrue();
        assertThat(runs).hasValue(2);
    }

    @Test
    void cancelsByRequestIdWhetherTheNumberArrivedAsIntegerOrLong() {
        InFlightCalls calls = new InFlightCalls();
        CallCancellation cancellation = new CallCancellation();
        InFlightCalls.Key key = calls.register("s1", 7, cancellation);

        assertThat(calls.cancel("s2", 7L)).isFalse();
        assertThat(calls.cancel("s1", 7L)).isTrue();
        assertThat(cancellation.isCancelled()).isTrue();

        calls.release(key, cancellation);
        assertThat(calls.cancel("s1", 7)).isFalse();
    }
}
