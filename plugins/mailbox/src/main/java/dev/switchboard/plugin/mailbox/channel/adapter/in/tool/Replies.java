package dev.switchboard.plugin.mailbox.channel.adapter.in.tool;

import java.util.Map;
import java.util.function.Supplier;

import dev.switchboard.plugin.mailbox.channel.application.AnswerJson;
import dev.switchboard.ports.storage.StorageBusyException;
import dev.switchboard.ports.tool.ErrorCode;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.ToolResult;

/**
 * How every mailbox tool answers: a done outcome is the result object as JSON text ({@link AnswerJson}: written
 * once, a listing's entries as measured), as the original's FastMCP tools do, and as {@code structuredContent} when that text is at most {@link ToolResult#STRUCTURED_COPY_MAX_CHARS}
 * characters (a larger answer is carried once: {@link ToolResult#json}); a refusal keeps its code, message and details. A database that stays
 * busy outside a transaction (the caller's presence, the channel's first row) is {@code UNAVAILABLE}. Stateless.
 */
final class Replies {

    private Replies() {}

    /**
     * @param work the tool's work: resolving the caller, then the use case
     * @return the result
     */
    static ToolResult of(Supplier<Outcome<Map<String, Object>>> work) {
        Outcome<Map<String, Object>> outcome;
        try {
            outcome = work.get();
        } catch (StorageBusyException e) {
            return ToolResult.failure(
                    ErrorCode.UNAVAILABLE,
                    "the mailbox database is busy or unreachable; nothing was changed. Retry in a moment",
                    Map.of("retryable", true));
        }
        return outcome.toResult(value -> ToolResult.json(AnswerJson.text(value), value));
    }
}
