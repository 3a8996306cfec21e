package dev.switchboard.kernel.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.observe.ToolCallObserver;
import dev.switchboard.ports.observe.ToolCallOutcome;
import dev.switchboard.ports.tool.ErrorCode;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolResult;
import dev.switchboard.ports.tool.UnknownToolException;

class ToolCallObserversTest {

    private final ArgumentValidator validator = new ArgumentValidator();
    private final ToolRegistry registry = new ToolRegistry(validator);
    private final AtomicLong clock = new AtomicLong();
    private final ObserverFailures failures = new ObserverFailures(clock::get);
    private final ToolCallObservers observers = new ToolCallObservers(failures);
    private final KernelToolInvoker invoker = new KernelToolInvoker(registry, validator, observers);
    private final Recorder recorder = new Recorder();

    @Test
    void aSuccessIsReportedAsStartedThenOkWithItsDuration() {
        registry.register("p", "", List.of(FakeTool.named("count_up", c -> {
            sleep(5);
            return ToolResult.text("ok");
        })));
        observers.register("metrics", List.of(recorder));

        invoker.invoke(call("count_up", Map.of("count", 1)));

        assertThat(recorder.events).containsExactly("started count_up", "finished count_up ok");
        assertThat(recorder.lastDuration.get()).isGreaterThanOrEqualTo(5_000_000L);
    }

    @Test
    void aToolFailureAndAnInvalidArgumentAreToolErrorsWithTheirCodes() {
        registry.register(
                "p",
                "",
                List.of(FakeTool.named("count_up", c -> ToolResult.failure(ErrorCode.NOT_FOUND, "no such thing"))));
        observers.register("metrics", List.of(recorder));

        invoker.invoke(call("count_up", Map.of("count", 1)));
        invoker.invoke(call("count_up", Map.of("count", "one")));

        assertThat(recorder.events)
                .containsExactly(
                        "started count_up",
                        "finished count_up NOT_FOUND",
                        "started count_up",
                        "finished count_up INVALID_ARGUMENTS");
    }

    @Test
    void anUnknownToolIsAProtocolErrorAndStillAJsonRpcError() {
        observers.register("metrics", List.of(recorder));

        assertThatThrownBy(() -> invoker.invoke(call("nope", Map.of()))).isInstanceOf(UnknownToolException.class);

        assertThat(recorder.events).containsExactly("started nope", "finished nope protocol_error");
    }

    @Test
    void aThrowingObserverNeverBreaksTheCallAndTheOthersAreStillTold() {
        registry.register("p", "", List.of(FakeTool.named("count_up", c -> ToolResult.text("ok"))));
        ToolCallObserver broken = new ToolCallObserver() {
            @Override
            public void started(ToolCall call) {
                throw new IllegalStateException("observer defect");
            }

            @Override
            public void finished(ToolCall call, ToolCallOutcome outcome, long durationNanos) {
                throw new IllegalStateException("observer defect");
            }
        };
        observers.register("broken", List.of(broken));
        observers.register("metrics", List.of(recorder));

        ToolResult result = invoker.invoke(call("count_up", Map.of("count", 1)));

        assertThat(result).isEqualTo(ToolResult.text("ok"));
        assertThat(recorder.events).containsExactly("started count_up", "finished count_up ok");
    }

    @Test
    void aFailingObserverIsLoggedOnceThenAtMostOnceAMinute() {
        IllegalStateException defect = new IllegalStateException("defect");

        assertThat(failures.report("p", recorder, defect)).isTrue();
        assertThat(failures.report("p", recorder, defect)).isFalse();
        clock.addAndGet(ObserverFailures.INTERVAL_NANOS - 1);
        assertThat(failures.report("p", recorder, defect)).isFalse();
        clock.addAndGet(1);
        assertThat(failures.report("p", recorder, defect)).isTrue();
        assertThat(failures.report("p", recorder, defect)).isFalse();
    }

    @Test
    void aWithdrawnObserverIsToldNothingMore() {
        registry.register("p", "", List.of(FakeTool.named("count_up", c -> ToolResult.text("ok"))));
        observers.register("metrics", List.of(recorder));
        observers.unregister("metrics");

        invoker.invoke(call("count_up", Map.of("count", 1)));

        assertThat(recorder.events).isEmpty();
    }

    private static ToolCall call(String name, Map<String, Object> arguments) {
        return ToolCall.detached(name, arguments, Principal.LOCAL_OWNER);
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static final class Recorder implements ToolCallObserver {
        final List<String> events = new CopyOnWriteArrayList<>();
        final AtomicLong lastDuration = new AtomicLong(-1);

        @Override
        public void started(ToolCall call) {
            events.add("started " + call.toolName());
        }

        @Override
        public void finished(ToolCall call, ToolCallOutcome outcome, long durationNanos) {
            events.add("finished " + call.toolName() + " " + outcome.label());
            lastDuration.set(durationNanos);
        }
    }
}
