package dev.switchboard.ports.observe;

import java.util.Objects;

import dev.switchboard.ports.tool.ErrorCode;
import dev.switchboard.ports.tool.ToolResult;

/**
 * How a tool call ended, as a {@link ToolCallObserver} is told: it succeeded, the tool answered a failure with a
 * stable {@link ErrorCode} (sent to the client as a result with {@code isError: true}), or the call was refused at
 * the protocol level, as a JSON-RPC error, before any tool ran (an unknown tool name). Immutable and thread-safe.
 *
 * @param kind which of the three
 * @param code the tool's error code for {@link Kind#TOOL_ERROR}; null otherwise
 */
public record ToolCallOutcome(Kind kind, ErrorCode code) {

    /** The three ways a call ends. */
    public enum Kind {
        /** The tool answered a success. */
        OK,
        /** The tool (or the kernel's argument validation, or its defect handling) answered a failure with a code. */
        TOOL_ERROR,
        /** The call was answered with a JSON-RPC error; no tool ran. */
        PROTOCOL_ERROR
    }

    /** A success. */
    public static final ToolCallOutcome OK = new ToolCallOutcome(Kind.OK, null);
    /** A protocol-level refusal. */
    public static final ToolCallOutcome PROTOCOL_ERROR = new ToolCallOutcome(Kind.PROTOCOL_ERROR, null);

    /**
     * @throws NullPointerException     if {@code kind} is null
     * @throws IllegalArgumentException if {@code code} is missing for a tool error or present for another kind
     */
    public ToolCallOutcome {
        Objects.requireNonNull(kind, "kind");
        if ((kind == Kind.TOOL_ERROR) != (code != null)) {
            throw new IllegalArgumentException("a tool error, and only a tool error, carries a code");
        }
    }

    /**
     * @param result a tool's result
     * @return {@link #OK} for a success, a tool error with the failure's code otherwise
     */
    public static ToolCallOutcome of(ToolResult result) {
        return switch (result) {
            case ToolResult.Success success -> OK;
            case ToolResult.Failure failure -> new ToolCallOutcome(Kind.TOOL_ERROR, failure.code());
        };
    }

    /** @return a short label: {@code ok}, the error code as sent (such as {@code NOT_FOUND}), or {@code protocol_error} */
    public String label() {
        return switch (kind) {
            case OK -> "ok";
            case TOOL_ERROR -> code.value();
            case PROTOCOL_ERROR -> "protocol_error";
        };
    }
}
