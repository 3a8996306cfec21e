package dev.switchboard.bridge.mcp;

import java.util.Comparator;

import io.modelcontextprotocol.modern.McpException;
import io.modelcontextprotocol.modern.McpSchema;
import io.modelcontextprotocol.modern.McpSchema.CacheScope;
import io.modelcontextprotocol.modern.server.McpRequestContext;
import io.modelcontextprotocol.modern.server.McpSyncResponse;
import io.modelcontextprotocol.modern.server.feature.McpSyncPrompt;
import io.modelcontextprotocol.modern.server.feature.McpSyncPromptRepository;
import io.modelcontextprotocol.modern.server.feature.PromptsPage;
import io.modelcontextprotocol.spec.McpError;

import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.prompt.PromptCatalog;
import dev.switchboard.ports.prompt.PromptDescriptor;

/**
 * The catalog's prompts as the SDK's modern server asks for them: {@code prompts/list} is the caller's own (ADR 20),
 * in name order, {@code cacheScope: private} and {@code ttlMs} 0; {@code prompts/get} renders through the legacy era's
 * {@link PromptSpecs#render} (an unknown prompt or a missing argument is -32602 in both eras); {@code completion/complete}
 * of a prompt's argument asks the catalog for the caller ({@link ModernCompletions}). Thread-safe.
 */
final class ModernPrompts implements McpSyncPromptRepository {

    private final PromptCatalog catalog;
    private final PromptSpecs specs;
    private final JsonValues json;

    ModernPrompts(PromptCatalog catalog, PromptSpecs specs, JsonValues json) {
        this.catalog = catalog;
        this.specs = specs;
        this.json = json;
    }

    @Override
    public PromptsPage list(McpRequestContext context, String cursor) {
        return new PromptsPage(
                catalog.prompts(ModernExchange.of(context).caller()).stream()
                        .sorted(Comparator.comparing(PromptDescriptor::name))
                        .map(prompt -> json.across(PromptSpecs.toSdk(prompt), McpSchema.Prompt.class))
                        .toList(),
                null,
                0L,
                CacheScope.PRIVATE);
    }

    @Override
    public McpSyncPrompt find(McpRequestContext context, String name) {
        return catalog.prompts(ModernExchange.of(context).caller()).stream()
                .filter(prompt -> prompt.name().equals(name))
                .findFirst()
                .map(prompt -> McpSyncPrompt.of(
                                json.across(PromptSpecs.toSdk(prompt), McpSchema.Prompt.class),
                                (request, get) -> McpSyncResponse.result(render(request, get)))
                        .withCompletionHandler(ModernCompletions.ofPrompt(catalog, prompt.name())))
                .orElse(null);
    }

    /** Completions of the prompts' arguments are offered ({@link ModernCompletions}). */
    @Override
    public boolean supportsCompletion() {
        return true;
    }

    /**
     * Renders in an {@link InputRound}, as {@code ModernTools} calls: when the prompt asked its client for something the
     * retry does not answer, the call ends with an input-required result.
     */
    private McpSchema.GetPromptOutcome render(McpRequestContext context, McpSchema.GetPromptRequest get) {
        io.modelcontextprotocol.spec.McpSchema.GetPromptRequest legacy =
                json.across(get, io.modelcontextprotocol.spec.McpSchema.GetPromptRequest.class);
        Principal caller = ModernExchange.of(context).caller();
        InputRound round = InputRound.open(context, get.arguments(), get.inputResponses(), get.requestState(), json);
        McpSchema.GetPromptResult result;
        try {
            result = json.across(specs.render(legacy, caller, round.client()), McpSchema.GetPromptResult.class);
        } catch (McpError e) {
            throw new McpException(
                    e.getJsonRpcError().code(),
                    e.getJsonRpcError().message(),
                    e.getJsonRpcError().data());
        }
        return round.inputRequired()
                .<McpSchema.GetPromptOutcome>map(required -> required)
                .orElse(result);
    }
}
