package dev.switchboard.bridge.mcp;

import java.util.List;
import java.util.Map;

import io.modelcontextprotocol.modern.McpSchema;
import io.modelcontextprotocol.modern.server.feature.McpSyncCompletionHandler;

import dev.switchboard.ports.prompt.PromptCatalog;
import dev.switchboard.ports.resource.ResourceCatalog;

/**
 * {@code completion/complete} in the modern era: the SDK's modern server asks the prompt ({@code ref/prompt}) or URI
 * template ({@code ref/resource}) that {@link ModernPrompts#find} or {@link ModernResources#findTemplate} found for the
 * caller (so one not served to the caller is -32602, as the SDK answers an unknown one), and these handlers ask the
 * catalog for that caller's suggestions, shaped as the legacy era's {@link CompletionSpecs#result} shapes them (at
 * most 100 values, with {@code total} and {@code hasMore}). Thread-safe.
 */
final class ModernCompletions {

    private ModernCompletions() {}

    /** @return the completion of one prompt's arguments */
    static McpSyncCompletionHandler ofPrompt(PromptCatalog catalog, String prompt) {
        return (context, request) -> answer(catalog.complete(
                prompt,
                request.argument().name(),
                request.argument().value(),
                arguments(request),
                ModernExchange.of(context).caller()));
    }

    /** @return the completion of one URI template's variables */
    static McpSyncCompletionHandler ofTemplate(ResourceCatalog catalog, String uriTemplate) {
        return (context, request) -> answer(catalog.complete(
                uriTemplate,
                request.argument().name(),
                request.argument().value(),
                arguments(request),
                ModernExchange.of(context).caller()));
    }

    private static Map<String, String> arguments(McpSchema.CompleteRequest request) {
        if (request.context() == null || request.context().arguments() == null) {
            return Map.of();
        }
        return request.context().arguments();
    }

    private static McpSchema.CompleteResult answer(List<String> suggestions) {
        io.modelcontextprotocol.spec.McpSchema.CompleteResult.CompleteCompletion legacy =
                CompletionSpecs.result(suggestions).completion();
        return McpSchema.CompleteResult.of(
                new McpSchema.CompleteResult.Completion(legacy.values(), legacy.total(), legacy.hasMore()));
    }
}
