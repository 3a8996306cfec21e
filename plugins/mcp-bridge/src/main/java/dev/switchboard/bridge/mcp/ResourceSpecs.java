package dev.switchboard.bridge.mcp;

import java.util.List;
import java.util.Optional;

import io.modelcontextprotocol.server.McpAsyncServerExchange;
import io.modelcontextprotocol.server.McpServerFeatures.AsyncResourceSpecification;
import io.modelcontextprotocol.server.McpServerFeatures.AsyncResourceTemplateSpecification;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import reactor.core.publisher.Mono;

import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.resource.ResourceCatalog;
import dev.switchboard.ports.resource.ResourceDescriptor;
import dev.switchboard.ports.resource.ResourceTemplateDescriptor;

/**
 * Builds the SDK resource and template specifications from the catalog, once at start (SDK 2.1.0 lists and routes
 * only registered resources). Every read goes to {@link ResourceCatalog#read}; an empty answer is JSON-RPC -32002
 * "Resource not found".
 */
final class ResourceSpecs {

    private final ResourceCatalog catalog;
    private final PrincipalResolver principals;
    private final Offload offload;

    ResourceSpecs(ResourceCatalog catalog, PrincipalResolver principals, Offload offload) {
        this.catalog = catalog;
        this.principals = principals;
        this.offload = offload;
    }

    List<AsyncResourceSpecification> resources() {
        return catalog.resources().stream()
                .map(r -> new AsyncResourceSpecification(toSdk(r), this::read))
                .toList();
    }

    List<AsyncResourceTemplateSpecification> templates() {
        return catalog.templates().stream()
                .map(t -> new AsyncResourceTemplateSpecification(toSdk(t), this::read))
                .toList();
    }

    private Mono<McpSchema.ReadResourceResult> read(
            McpAsyncServerExchange exchange, McpSchema.ReadResourceRequest request) {
        return offload.run(() -> read(request.uri(), principals.resolve(exchange.transportContext()))
                .orElseThrow(() -> McpError.RESOURCE_NOT_FOUND.apply(request.uri())));
    }

    /** @return the resource as {@code caller} reads it, or empty when it is not found or not served to it */
    Optional<McpSchema.ReadResourceResult> read(String uri, Principal caller) {
        return catalog.read(uri, caller)
                .map(list -> new McpSchema.ReadResourceResult(
                        list.stream().map(ContentMapper::toSdk).toList()));
    }

    static McpSchema.Resource toSdk(ResourceDescriptor resource) {
        return McpSchema.Resource.builder(resource.uri(), resource.name())
                .title(resource.title())
                .description(resource.description())
                .mimeType(resource.mimeType())
                .build();
    }

    static McpSchema.ResourceTemplate toSdk(ResourceTemplateDescriptor template) {
        return McpSchema.ResourceTemplate.builder(template.uriTemplate(), template.name())
                .title(template.title())
                .description(template.description())
                .mimeType(template.mimeType())
                .build();
    }
}
