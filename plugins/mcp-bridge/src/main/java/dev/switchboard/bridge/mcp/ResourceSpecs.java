package dev.switchboard.bridge.mcp;

import java.util.List;
import java.util.Optional;

import io.modelcontextprotocol.server.McpAsyncServerExchange;
import io.modelcontextprotocol.server.McpServerFeatures.AsyncResourceSpecification;
import io.modelcontextprotocol.server.McpServerFeatures.AsyncResourceTemplateSpecification;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import reactor.core.publisher.Mono;

import dev.switchboard.ports.content.ResourceContents;
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
        return offload.run(() -> {
            Optional<List<ResourceContents>> contents =
                    catalog.read(request.uri(), principals.resolve(exchange.transportContext()));
            return contents.map(list -> new McpSchema.ReadResourceResult(
                            list.stream().map(ContentMapper::toSdk).toList()))
                    .orElseThrow(() -> McpError.RESOURCE_NOT_FOUND.apply(request.uri()));
        });
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
