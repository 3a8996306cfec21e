package dev.switchboard.bridge.mcp;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.modelcontextprotocol.server.McpAsyncServerExchange;
import io.modelcontextprotocol.server.McpServerFeatures.AsyncPromptSpecification;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import reactor.core.publisher.Mono;

import dev.switchboard.ports.call.ClientRequests;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.prompt.PromptArgument;
import dev.switchboard.ports.prompt.PromptCatalog;
import dev.switchboard.ports.prompt.PromptDescriptor;
import dev.switchboard.ports.prompt.PromptMessage;
import dev.switchboard.ports.prompt.PromptResult;

/**
 * Builds the SDK prompt specifications from the catalog, once at start. Rendering goes to {@link PromptCatalog#get};
 * a missing required argument ({@link IllegalArgumentException}) or an unknown prompt is JSON-RPC -32602.
 */
final class PromptSpecs {

    private final PromptCatalog catalog;
    private final PrincipalResolver principals;
    private final Offload offload;
    private final JsonValues json;

    PromptSpecs(PromptCatalog catalog, PrincipalResolver principals, Offload offload, JsonValues json) {
        this.catalog = catalog;
        this.principals = principals;
        this.offload = offload;
        this.json = json;
    }

    List<AsyncPromptSpecification> prompts() {
        return catalog.prompts().stream()
                .map(p -> new AsyncPromptSpecification(toSdk(p), this::get))
                .toList();
    }

    private Mono<McpSchema.GetPromptResult> get(McpAsyncServerExchange exchange, McpSchema.GetPromptRequest request) {
        return offload.run(() -> render(
                request, principals.resolve(exchange.transportContext()), new ExchangeClientRequests(exchange, json)));
    }

    /**
     * @param client the request's channel back to the client, which the prompt's provider may ask
     * @return the prompt rendered for {@code caller}
     * @throws McpError -32602 for an unknown prompt or a missing required argument
     */
    McpSchema.GetPromptResult render(McpSchema.GetPromptRequest request, Principal caller, ClientRequests client) {
        PromptResult result;
        try {
            result = catalog.get(request.name(), stringValues(request.arguments()), caller, client)
                    .orElseThrow(() -> invalidParams("Unknown prompt: " + request.name()));
        } catch (IllegalArgumentException e) {
            throw invalidParams(e.getMessage());
        }
        return new McpSchema.GetPromptResult(
                result.description(),
                result.messages().stream().map(PromptSpecs::toSdk).toList());
    }

    static McpSchema.Prompt toSdk(PromptDescriptor prompt) {
        return McpSchema.Prompt.builder(prompt.name())
                .title(prompt.title())
                .description(prompt.description())
                .arguments(prompt.arguments().stream().map(PromptSpecs::toSdk).toList())
                .build();
    }

    private static McpSchema.PromptArgument toSdk(PromptArgument argument) {
        return McpSchema.PromptArgument.builder(argument.name())
                .title(argument.title())
                .description(argument.description())
                .required(argument.required())
                .build();
    }

    private static McpSchema.PromptMessage toSdk(PromptMessage message) {
        McpSchema.Role role =
                message.role() == PromptMessage.Role.USER ? McpSchema.Role.USER : McpSchema.Role.ASSISTANT;
        return new McpSchema.PromptMessage(role, ContentMapper.toSdk(message.content()));
    }

    /** Prompt arguments are strings in MCP; a client that sends another JSON value gets its text. */
    private static Map<String, String> stringValues(Map<String, Object> arguments) {
        Map<String, String> values = new LinkedHashMap<>();
        if (arguments != null) {
            arguments.forEach((name, value) -> values.put(name, value == null ? null : String.valueOf(value)));
        }
        return values;
    }

    private static McpError invalidParams(String message) {
        return McpError.builder(McpSchema.ErrorCodes.INVALID_PARAMS)
                .message(message)
                .build();
    }
}
