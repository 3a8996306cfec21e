package dev.switchboard.bridge.mcp;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.modelcontextprotocol.server.McpServerFeatures.AsyncCompletionSpecification;
import io.modelcontextprotocol.spec.McpSchema;

import dev.switchboard.ports.prompt.PromptCatalog;
import dev.switchboard.ports.resource.ResourceCatalog;

/**
 * Builds the SDK completion specifications ({@code completion/complete}): one per prompt ({@code ref/prompt}) and one
 * per URI template ({@code ref/resource}), each asking the catalog. Answers hold at most 100 values (MCP's limit).
 */
final class CompletionSpecs {

    private static final int MAX_VALUES = 100;

    private CompletionSpecs() {}

    static List<AsyncCompletionSpecification> build(
            PromptCatalog prompts, ResourceCatalog resources, PrincipalResolver principals, Offload offload) {
        List<AsyncCompletionSpecification> specs = new ArrayList<>();
        prompts.prompts()
                .forEach(prompt -> specs.add(new AsyncCompletionSpecification(
                        new McpSchema.PromptReference(prompt.name()),
                        (exchange, request) -> offload.run(() -> result(prompts.complete(
                                prompt.name(),
                                request.argument().name(),
                                request.argument().value(),
                                context(request),
                                principals.resolve(exchange.transportContext())))))));
        resources
                .templates()
                .forEach(template -> specs.add(new AsyncCompletionSpecification(
                        new McpSchema.ResourceReference(template.uriTemplate()),
                        (exchange, request) -> offload.run(() -> result(resources.complete(
                                template.uriTemplate(),
                                request.argument().name(),
                                request.argument().value(),
                                context(request),
                                principals.resolve(exchange.transportContext())))))));
        return specs;
    }

    private static Map<String, String> context(McpSchema.CompleteRequest request) {
        if (request.context() == null || request.context().arguments() == null) {
            return Map.of();
        }
        return request.context().arguments();
    }

    /** @return the answer of a completion: the first 100 suggestions, their total, and whether more were left out */
    static McpSchema.CompleteResult result(List<String> suggestions) {
        List<String> values = suggestions.size() > MAX_VALUES ? suggestions.subList(0, MAX_VALUES) : suggestions;
        return new McpSchema.CompleteResult(new McpSchema.CompleteResult.CompleteCompletion(
                List.copyOf(values), suggestions.size(), suggestions.size() > MAX_VALUES));
    }
}
