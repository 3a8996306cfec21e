package dev.switchboard.plugin.handoff.adapter.in.tool;

import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

import dev.switchboard.plugin.handoff.application.Outcome;
import dev.switchboard.plugin.handoff.application.Refusal;
import dev.switchboard.plugin.handoff.application.port.out.StoreBusyException;
import dev.switchboard.ports.tool.ErrorCode;
import dev.switchboard.ports.tool.ToolResult;

/**
 * Turns use-case outcomes into tool results. A refusal becomes a failure whose code is the refusal reason's name
 * ({@code PROJECT_UNKNOWN}, {@code SECRET_DETECTED}, ...); a database that stayed locked becomes {@code UNAVAILABLE}.
 * Anything else thrown is a defect and is left to the kernel (logged, answered as {@code INTERNAL_ERROR}).
 */
final class Results {

    private Results() {
    }

    static <T> ToolResult of(Outcome<T> outcome, Function<T, ToolResult> success) {
        return switch (outcome) {
            case Outcome.Done<T> done -> success.apply(done.value());
            case Outcome.Refused<T> refused -> failure(refused.refusal());
        };
    }

    static ToolResult guarded(Supplier<ToolResult> call) {
        try {
            return call.get();
        } catch (StoreBusyException e) {
            return ToolResult.failure(ErrorCode.of(Refusal.Reason.UNAVAILABLE.name()),
                    "the handoff database is locked by another writer; nothing was changed. Retry in a moment",
                    Map.of("retryable", true));
        }
    }

    private static ToolResult failure(Refusal refusal) {
        return ToolResult.failure(ErrorCode.of(refusal.reason().name()), refusal.message(), refusal.details());
    }
}
