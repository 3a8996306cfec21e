package dev.switchboard.ports.observe;

import org.pf4j.ExtensionPoint;

import dev.switchboard.ports.tool.ToolCall;

/**
 * Extension point told of every tool call the kernel's invoker runs, whatever the transport (stdio, HTTP, a test
 * bed): {@link #started} before the tool is looked up, {@link #finished} once the outcome is known, on the calling
 * thread both times, in that order, exactly once each per call.
 *
 * <p>Observers sit on the path of every call, so they MUST be quick (no I/O, no locks held for long; update counters
 * and return) and MUST be thread-safe: calls run concurrently on virtual threads. An observer MUST NOT change the
 * call; it cannot: an exception it throws is caught, logged (the first with its stack trace, then at most one line a
 * minute counting the rest), and the call goes on as if the observer were absent.
 *
 * <p>{@link ToolCall#toolName()} is what the client sent. For a {@link ToolCallOutcome.Kind#PROTOCOL_ERROR} it is
 * not a registered name, so an observer that labels by tool name SHOULD collapse those into one label, or a client
 * could grow its label set without bound.
 */
public interface ToolCallObserver extends ExtensionPoint {

    /**
     * A call has arrived; nothing about it has been checked yet.
     *
     * @param call the call, as the tool would receive it
     */
    void started(ToolCall call);

    /**
     * A call has ended.
     *
     * @param call          the same call {@link #started} was given
     * @param outcome       how it ended
     * @param durationNanos how long it took, in nanoseconds of {@link System#nanoTime()}, from just before
     *                      {@link #started} to just before this; never negative
     */
    void finished(ToolCall call, ToolCallOutcome outcome, long durationNanos);
}
