package dev.switchboard.plugin.handoff.adapter.in.tool;

import java.util.function.Supplier;

import dev.switchboard.plugin.handoff.application.port.out.StoreBusyException;
import dev.switchboard.ports.tool.Refusal;
import dev.switchboard.ports.tool.ToolResult;

/**
 * The handoff tools' guard around a use case: a database that stayed locked becomes {@code UNAVAILABLE} (retryable).
 * Outcomes become results with {@code Outcome.toResult} (a refusal keeps its code, {@code PROJECT_UNKNOWN},
 * {@code SECRET_DETECTED}, ...). Anything else thrown is a defect and is left to the kernel (logged, answered as
 * {@code INTERNAL_ERROR}).
 */
final class Results {

    private Results() {}

    static ToolResult guarded(Supplier<ToolResult> call) {
        try {
            return call.get();
        } catch (StoreBusyException e) {
            return Refusal.unavailable("the handoff database is busy or unreachable (locked by another writer, or its"
                            + " server is down or restarting); nothing was changed. Retry in a moment")
                    .toResult();
        }
    }
}
