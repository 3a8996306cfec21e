package dev.switchboard.bridge.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import dev.switchboard.ports.tool.ErrorCode;
import dev.switchboard.ports.tool.ToolResult;

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

    @Test
    void aCallTheServerStopsAnswersUnavailableWhileOneTheClientCancelledKeepsCancelled() {
        InFlightCalls calls = new InFlightCalls();
        CallCancellation stopped = new CallCancellation();
        CallCancellation byClient = new CallCancellation();
        CallCancellation otherSession = new CallCancellation();
        calls.register("s1", 1, stopped);
        calls.register("s1", 2, byClient);
        calls.register("s2", 1, otherSession);
        ToolResult cancelled = ToolResult.failure(ErrorCode.CANCELLED, "the wait was cancelled");

        calls.cancel("s1", 2);
        calls.stopSession("s1");

        assertThat(otherSession.isCancelled()).isFalse();
        assertThat(StoppingAnswers.of(cancelled, stopped))
                .isEqualTo(new ToolResult.Failure(ErrorCode.UNAVAILABLE, StoppingAnswers.MESSAGE, Map.of()));
        assertThat(StoppingAnswers.MESSAGE).startsWith("the server is stopping");
        assertThat(StoppingAnswers.of(cancelled, byClient)).isEqualTo(cancelled);
        ToolResult done = ToolResult.text("done");
        assertThat(StoppingAnswers.of(done, stopped)).isEqualTo(done);
    }
}
