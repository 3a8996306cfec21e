package dev.switchboard.ports.tool;

import java.util.Map;
import java.util.Objects;

import dev.switchboard.ports.call.Cancellation;
import dev.switchboard.ports.call.ClientRequests;
import dev.switchboard.ports.call.LogSink;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.call.ProgressReporter;

/**
 * One call of a tool, as a handler receives it. Immutable; the channels it holds are thread-safe.
 *
 * @param toolName      the tool's wire name
 * @param arguments     the arguments JSON object, validated against the input schema before a handler sees it
 * @param principal     who is calling
 * @param correlationId an id that ties this call to the server's log lines
 * @param meta          the request's {@code _meta} object (MCP 2025-11-25), empty when absent
 * @param cancellation  raised when the client cancels or goes away
 * @param progress      progress notifications for this call
 * @param log           log notifications for this call
 * @param client        requests to the client during this call (sampling, elicitation, roots)
 */
public record ToolCall(
        String toolName,
        Map<String, Object> arguments,
        Principal principal,
        String correlationId,
        Map<String, Object> meta,
        Cancellation cancellation,
        ProgressReporter progress,
        LogSink log,
        ClientRequests client) {

    /** @throws NullPointerException if any component is null */
    public ToolCall {
        Objects.requireNonNull(toolName, "toolName");
        Objects.requireNonNull(arguments, "arguments");
        Objects.requireNonNull(principal, "principal");
        Objects.requireNonNull(correlationId, "correlationId");
        Objects.requireNonNull(meta, "meta");
        Objects.requireNonNull(cancellation, "cancellation");
        Objects.requireNonNull(progress, "progress");
        Objects.requireNonNull(log, "log");
        Objects.requireNonNull(client, "client");
    }

    /**
     * A call with no client session behind it: never cancelled, progress and logs dropped, no client requests.
     *
     * @param toolName  the tool's wire name
     * @param arguments the arguments JSON object
     * @param principal who is calling
     * @return the call
     */
    public static ToolCall detached(String toolName, Map<String, Object> arguments, Principal principal) {
        return new ToolCall(
                toolName,
                arguments,
                principal,
                "detached",
                Map.of(),
                Cancellation.NONE,
                ProgressReporter.NONE,
                LogSink.NONE,
                ClientRequests.NONE);
    }

    /**
     * @return typed reads of {@link #arguments()}, whose refusals the kernel answers as
     *         {@link ErrorCode#INVALID_ARGUMENTS} naming the field
     */
    public Arguments args() {
        return new Arguments(arguments);
    }

    /**
     * @param newArguments the arguments to use instead
     * @return this call with other arguments
     */
    public ToolCall withArguments(Map<String, Object> newArguments) {
        return new ToolCall(
                toolName, newArguments, principal, correlationId, meta, cancellation, progress, log, client);
    }
}
