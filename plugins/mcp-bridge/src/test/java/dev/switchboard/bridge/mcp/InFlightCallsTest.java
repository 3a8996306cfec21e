package dev.switchboard.bridge.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import dev.switchboard.ports.call.CancellationSignal;

class InFlightCallsTest {

    @Test
    void cancelsByRequestIdWhetherTheNumberArrivedAsIntegerOrLong() {
        InFlightCalls calls = new InFlightCalls();
        CancellationSignal cancellation = new CancellationSignal();
        InFlightCalls.Key key = calls.register("s1", 7, cancellation);

        assertThat(calls.cancel("s2", 7L)).isFalse();
        assertThat(calls.cancel("s1", 7L)).isTrue();
        assertThat(cancellation.isCancelled()).isTrue();

        calls.release(key, cancellation);
        assertThat(calls.cancel("s1", 7)).isFalse();
    }
}
