package dev.switchboard.plugin.metrics.adapter.in.observer;

import jakarta.inject.Inject;

import org.pf4j.Extension;

import dev.switchboard.plugin.metrics.application.CallMetrics;
import dev.switchboard.ports.observe.ToolCallObserver;
import dev.switchboard.ports.observe.ToolCallOutcome;
import dev.switchboard.ports.tool.ToolCall;

/** Feeds every tool call, on every transport, into the plugin's {@link CallMetrics}. Thread-safe. */
@Extension
public final class ToolCallMetrics implements ToolCallObserver {

    private final CallMetrics metrics;

    /** @param metrics the plugin's instruments */
    @Inject
    public ToolCallMetrics(CallMetrics metrics) {
        this.metrics = metrics;
    }

    @Override
    public void started(ToolCall call) {
        metrics.started();
    }

    @Override
    public void finished(ToolCall call, ToolCallOutcome outcome, long durationNanos) {
        metrics.finished(call.toolName(), outcome, durationNanos);
    }
}
