package dev.switchboard.bridge.mcp;

import java.util.ArrayList;
import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import io.modelcontextprotocol.server.McpServerFeatures.AsyncToolSpecification;
import io.modelcontextprotocol.spec.McpSchema;

import dev.switchboard.ports.tool.ToolCatalog;
import dev.switchboard.ports.tool.ToolDescriptor;

/**
 * Builds the SDK tool specifications from the catalog, once at start (the SDK lists and dispatches only registered
 * tools). A tool whose schema is not valid JSON Schema 2020-12 is left out with an error in the log, instead of
 * failing the whole server (the SDK would refuse to build).
 */
final class ToolSpecs {

    private static final Logger LOG = LoggerFactory.getLogger(ToolSpecs.class);

    private ToolSpecs() {
    }

    static List<AsyncToolSpecification> build(ToolCatalog catalog, ToolDescriptorMapper mapper,
                                              JsonSchemaValidator validator, ToolCallHandler handler,
                                              Offload offload) {
        List<AsyncToolSpecification> specs = new ArrayList<>();
        for (ToolDescriptor descriptor : catalog.tools()) {
            try {
                McpSchema.Tool tool = mapper.toSdk(descriptor);
                validator.assertConforms("Tool '" + tool.name() + "' inputSchema", tool.inputSchema());
                validator.assertConforms("Tool '" + tool.name() + "' outputSchema", tool.outputSchema());
                specs.add(new AsyncToolSpecification(tool,
                        (exchange, request) -> offload.run(() -> handler.call(exchange, request))));
            } catch (IllegalArgumentException e) {
                LOG.error("tool {} is left out of tools/list: {}", descriptor.name(), e.getMessage());
            }
        }
        return specs;
    }
}
