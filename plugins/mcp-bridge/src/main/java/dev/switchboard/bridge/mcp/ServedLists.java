package dev.switchboard.bridge.mcp;

import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;

import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.prompt.PromptCatalog;
import dev.switchboard.ports.prompt.PromptDescriptor;
import dev.switchboard.ports.resource.ResourceCatalog;
import dev.switchboard.ports.resource.ResourceTemplateDescriptor;

/**
 * Narrows the SDK's answers to {@code resources/list}, {@code resources/templates/list} and {@code prompts/list} to
 * what the catalogs serve to the caller (ADR 20); {@code resources/list} is the caller's own list. The SDK 2.2 server has a list filter for tools only
 * ({@code addToolFilter}) and answers the other lists from everything registered, whoever asks; a transport whose
 * callers differ (HTTP) passes each answer through here. The SDK also records a {@code resources/subscribe} of any
 * URI without asking anyone, so such a transport asks {@link #refusal} first. Thread-safe.
 */
final class ServedLists {

    private final ResourceCatalog resources;
    private final PromptCatalog prompts;

    ServedLists(ResourceCatalog resources, PromptCatalog prompts) {
        this.resources = resources;
        this.prompts = prompts;
    }

    /**
     * @param method   the JSON-RPC method of the request {@code answer} answers
     * @param answer   the SDK's answer
     * @param caller   who sent the request
     * @return {@code answer} without the entries not served to {@code caller}; any other answer unchanged
     */
    McpSchema.JSONRPCResponse servedTo(String method, McpSchema.JSONRPCResponse answer, Principal caller) {
        Object served = served(method, answer.result(), caller);
        return served == answer.result()
                ? answer
                : new McpSchema.JSONRPCResponse(answer.jsonrpc(), answer.id(), served, null);
    }

    /**
     * @param request a request about to go to the SDK
     * @param caller  who sent it
     * @return the answer "resource not found" (-32002) for a {@code resources/subscribe} of a URI {@code caller}
     *     may not read ({@link ReadableUris}); empty for anything else, which the SDK answers
     */
    Optional<McpSchema.JSONRPCResponse> refusal(McpSchema.JSONRPCRequest request, Principal caller) {
        if (McpSchema.METHOD_RESOURCES_SUBSCRIBE.equals(request.method())
                && request.params() instanceof Map<?, ?> params
                && params.get("uri") instanceof String uri
                && !ReadableUris.readable(resources, uri, caller)) {
            return Optional.of(new McpSchema.JSONRPCResponse(
                    McpSchema.JSONRPC_VERSION,
                    request.id(),
                    null,
                    McpError.RESOURCE_NOT_FOUND.apply(uri).getJsonRpcError()));
        }
        return Optional.empty();
    }

    private Object served(String method, Object result, Principal caller) {
        if (method.equals(McpSchema.METHOD_RESOURCES_LIST) && result instanceof McpSchema.ListResourcesResult list) {
            // the caller's own list (ResourceProvider.resources(Principal)), not the registered one filtered: a
            // provider may list a caller a resource the server's own session does not have (a role's inbox)
            return new McpSchema.ListResourcesResult(
                    resources.resources(caller).stream()
                            .map(ResourceSpecs::toSdk)
                            .toList(),
                    list.nextCursor(),
                    list.meta());
        }
        if (method.equals(McpSchema.METHOD_RESOURCES_TEMPLATES_LIST)
                && result instanceof McpSchema.ListResourceTemplatesResult list) {
            Set<String> templates = names(resources.templates(caller), ResourceTemplateDescriptor::uriTemplate);
            return new McpSchema.ListResourceTemplatesResult(
                    list.resourceTemplates().stream()
                            .filter(t -> templates.contains(t.uriTemplate()))
                            .toList(),
                    list.nextCursor(),
                    list.meta());
        }
        if (method.equals(McpSchema.METHOD_PROMPT_LIST) && result instanceof McpSchema.ListPromptsResult list) {
            Set<String> names = names(prompts.prompts(caller), PromptDescriptor::name);
            return new McpSchema.ListPromptsResult(
                    list.prompts().stream()
                            .filter(p -> names.contains(p.name()))
                            .toList(),
                    list.nextCursor(),
                    list.meta());
        }
        return result;
    }

    private static <T> Set<String> names(java.util.List<T> items, Function<T, String> name) {
        return items.stream().map(name).collect(Collectors.toSet());
    }
}
