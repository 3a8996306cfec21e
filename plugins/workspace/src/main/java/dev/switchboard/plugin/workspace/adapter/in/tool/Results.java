package dev.switchboard.plugin.workspace.adapter.in.tool;

import java.util.List;
import java.util.function.Supplier;

import dev.switchboard.plugin.workspace.application.Answer;
import dev.switchboard.plugin.workspace.domain.WorkspaceException;
import dev.switchboard.ports.content.Content;
import dev.switchboard.ports.tool.ErrorCode;
import dev.switchboard.ports.tool.Refusal;
import dev.switchboard.ports.tool.ToolResult;

/**
 * Turns use-case answers into tool results: a success carries its text as content and as
 * {@code structuredContent.output}; an error answer (a command that exited non-zero) and a
 * {@link WorkspaceException} become failures with their stable code (the exception as a ports {@link Refusal}: why
 * workspace refuses by exception rather than with an {@code Outcome} is in {@code docs/plugin-authoring.md}). Anything else thrown is a defect and is left to
 * the kernel.
 */
final class Results {

    private Results() {}

    static ToolResult of(Supplier<Answer> call) {
        try {
            Answer answer = call.get();
            if (answer.error() != null) {
                return ToolResult.failure(ErrorCode.of(answer.error().name()), answer.text(), answer.structured());
            }
            if (answer.image() != null) {
                return new ToolResult.Success(
                        List.of(
                                Content.text(answer.text()),
                                new Content.Image(
                                        answer.image().base64(), answer.image().mimeType())),
                        answer.structured());
            }
            return new ToolResult.Success(List.of(Content.text(answer.text())), answer.structured());
        } catch (WorkspaceException e) {
            return new Refusal(ErrorCode.of(e.code().name()), e.getMessage(), e.details()).toResult();
        }
    }
}
