package dev.switchboard.bridge.mcp;

import dev.switchboard.ports.tool.ErrorCode;
import dev.switchboard.ports.tool.ToolResult;

/**
 * The answer of a call the server cancelled because it is stopping (SIGTERM, {@code server stop}, a drain that ran
 * out): a tool's {@code CANCELLED} (which means that the client cancelled, docs/error-codes.md) becomes
 * {@code UNAVAILABLE: the server is stopping; call again once it is back}, retryable, with the tool's details. Any other
 * result, and the answer of a call the client cancelled, stays as it is. Stateless.
 */
final class StoppingAnswers {

    /** The message of such an answer. */
    static final String MESSAGE = "the server is stopping; call again once it is back (on the same or another server)";

    private StoppingAnswers() {}

    /**
     * @param result       what the tool answered
     * @param cancellation the call's signal
     * @return the answer to send
     */
    static ToolResult of(ToolResult result, CallCancellation cancellation) {
        if (cancellation.byShutdown()
                && result instanceof ToolResult.Failure failure
                && failure.code().equals(ErrorCode.CANCELLED)) {
            return new ToolResult.Failure(ErrorCode.UNAVAILABLE, MESSAGE, failure.details());
        }
        return result;
    }
}
