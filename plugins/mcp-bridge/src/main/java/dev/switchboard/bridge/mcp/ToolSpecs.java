package dev.switchboard.bridge.mcp;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import io.modelcontextprotocol.server.McpAsyncListFilter;
import io.modelcontextprotocol.server.McpServerFeatures.AsyncToolSpecification;
import io.modelcontextprotocol.spec.McpSchema;
import reactor.core.publisher.Mono;

import dev.switchboard.ports.tool.ToolCatalog;
import dev.switchboard.ports.tool.ToolDescriptor;

/**
 * Builds the SDK tool specifications from the catalog, at start and again when the catalog changes
 * ({@link ToolListSync}; the SDK lists and dispatches only registered tools). A tool whose schema is not valid JSON Schema 2020-12 is left out with an error in the log, instead of
 * failing the whole server (the SDK would refuse to build).
 */
final class ToolSpecs {

    private static final Logger LOG = LoggerFactory.getLogger(ToolSpecs.class);

    private static final Map<String, Object> UNAVAILABLE_SCHEMA = Map.of("type", "object");

    private ToolSpecs() {}

    static List<AsyncToolSpecification> build(
            ToolCatalog catalog,
            ToolDescriptorMapper mapper,
            JsonSchemaValidator validator,
            ToolCallHandler handler,
            Offload offload) {
        List<AsyncToolSpecification> specs = new ArrayList<>();
        for (ToolDescriptor descriptor : catalog.tools()) {
            try {
                McpSchema.Tool tool = mapper.toSdk(descriptor);
                validator.assertConforms("Tool '" + tool.name() + "' inputSchema", tool.inputSchema());
                validator.assertConforms("Tool '" + tool.name() + "' outputSchema", tool.outputSchema());
                specs.add(new AsyncToolSpecification(
                        tool, (exchange, request) -> offload.run(() -> handler.call(exchange, request))));
            } catch (IllegalArgumentException e) {
                LOG.error("tool {} is left out of tools/list: {}", descriptor.name(), e.getMessage());
            }
        }
        for (String name : catalog.unavailable()) {
            McpSchema.Tool tool = McpSchema.Tool.builder(name, UNAVAILABLE_SCHEMA)
                    .description("Unavailable: the plugin providing it failed to start.")
                    .build();
            specs.add(new AsyncToolSpecification(
                    tool, (exchange, request) -> offload.run(() -> handler.call(exchange, request))));
        }
        specs.add(new AsyncToolSpecification(
                McpSchema.Tool.builder(UnknownTools.ROUTE, UNAVAILABLE_SCHEMA)
                        .description("Routes calls of names this server does not serve to the invoker.")
                        .build(),
                (exchange, request) -> offload.run(() -> handler.call(exchange, request))));
        return specs;
    }

    /**
     * @param catalog    the tool catalog
     * @param principals who a request's caller is
     * @return the tools/list filter that hides the {@linkplain ToolCatalog#unavailable() unavailable} tools, which are
     *         registered only so that a call to one reaches the invoker and is answered with why it is unavailable,
     *         {@link UnknownTools#ROUTE}, and the tools not {@linkplain ToolCatalog#listedFor listed for} the
     *         request's caller (ADR 18)
     */
    static McpAsyncListFilter<McpSchema.Tool> listedFor(ToolCatalog catalog, PrincipalResolver principals) {
        // read at each listing: a plugin that waited for the storage moves its tools out of the unavailable ones
        return (context, tool) -> Mono.just(!tool.name().equals(UnknownTools.ROUTE)
                && !catalog.unavailable().contains(tool.name())
                && catalog.listedFor(tool.name(), principals.resolve(context)));
    }
}
