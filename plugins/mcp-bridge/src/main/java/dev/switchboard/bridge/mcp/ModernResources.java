package dev.switchboard.bridge.mcp;

import java.util.Comparator;
import java.util.Map;

import io.modelcontextprotocol.modern.McpException;
import io.modelcontextprotocol.modern.McpSchema;
import io.modelcontextprotocol.modern.McpSchema.CacheScope;
import io.modelcontextprotocol.modern.server.McpRequestContext;
import io.modelcontextprotocol.modern.server.McpSyncResponse;
import io.modelcontextprotocol.modern.server.feature.McpSyncResource;
import io.modelcontextprotocol.modern.server.feature.McpSyncResourceRepository;
import io.modelcontextprotocol.modern.server.feature.McpSyncResourceTemplate;
import io.modelcontextprotocol.modern.server.feature.ResourceTemplatesPage;
import io.modelcontextprotocol.modern.server.feature.ResourcesPage;

import dev.switchboard.ports.resource.ResourceCatalog;
import dev.switchboard.ports.resource.ResourceDescriptor;
import dev.switchboard.ports.resource.ResourceTemplateDescriptor;

/**
 * The catalog's resources as the SDK's modern server asks for them: {@code resources/list} and
 * {@code resources/templates/list} are the caller's own (ADR 20), in URI order, {@code cacheScope: private} and
 * {@code ttlMs} 0; {@code resources/read} reads through the legacy era's {@link ResourceSpecs#read}, and a URI not
 * found or not served to the caller is -32602 (MCP 2026-07-28; the legacy era answers -32002). Subscriptions are not
 * offered. {@code completion/complete} of a template's variable asks the catalog for the caller
 * ({@link ModernCompletions}). Thread-safe.
 */
final class ModernResources implements McpSyncResourceRepository {

    private final ResourceCatalog catalog;
    private final ResourceSpecs specs;
    private final JsonValues json;

    ModernResources(ResourceCatalog catalog, ResourceSpecs specs, JsonValues json) {
        this.catalog = catalog;
        this.specs = specs;
        this.json = json;
    }

    @Override
    public ResourcesPage list(McpRequestContext context, String cursor) {
        return new ResourcesPage(
                catalog.resources(ModernExchange.of(context).caller()).stream()
                        .sorted(Comparator.comparing(ResourceDescriptor::uri))
                        .map(resource -> json.across(ResourceSpecs.toSdk(resource), McpSchema.Resource.class))
                        .toList(),
                null,
                0L,
                CacheScope.PRIVATE);
    }

    @Override
    public ResourceTemplatesPage listTemplates(McpRequestContext context, String cursor) {
        return new ResourceTemplatesPage(
                catalog.templates(ModernExchange.of(context).caller()).stream()
                        .sorted(Comparator.comparing(ResourceTemplateDescriptor::uriTemplate))
                        .map(template -> json.across(ResourceSpecs.toSdk(template), McpSchema.ResourceTemplate.class))
                        .toList(),
                null,
                0L,
                CacheScope.PRIVATE);
    }

    @Override
    public McpSyncResource find(McpRequestContext context, String uri) {
        return McpSyncResource.of((request, read) -> McpSyncResponse.result(specs.read(
                        read.uri(), ModernExchange.of(request).caller())
                .map(result -> json.across(result, McpSchema.ReadResourceResult.class))
                .orElseThrow(() -> new McpException(-32_602, "Resource not found", Map.of("uri", read.uri())))));
    }

    /** @return the caller's template of that URI template, completed by the catalog; null when not served to them */
    @Override
    public McpSyncResourceTemplate findTemplate(McpRequestContext context, String uriTemplate) {
        return catalog.templates(ModernExchange.of(context).caller()).stream()
                .filter(template -> template.uriTemplate().equals(uriTemplate))
                .findFirst()
                .map(template -> McpSyncResourceTemplate.of(
                                json.across(ResourceSpecs.toSdk(template), McpSchema.ResourceTemplate.class))
                        .withCompletionHandler(ModernCompletions.ofTemplate(catalog, uriTemplate)))
                .orElse(null);
    }

    /** Completions of the templates' variables are offered ({@link ModernCompletions}). */
    @Override
    public boolean supportsCompletion() {
        return true;
    }
}
