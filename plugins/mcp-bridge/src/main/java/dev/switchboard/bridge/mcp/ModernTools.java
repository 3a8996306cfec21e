package dev.switchboard.bridge.mcp;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import io.modelcontextprotocol.modern.McpException;
import io.modelcontextprotocol.modern.McpSchema.CacheScope;
import io.modelcontextprotocol.modern.server.McpRequestContext;
import io.modelcontextprotocol.modern.server.McpSyncResponse;
import io.modelcontextprotocol.modern.server.feature.McpSyncTool;
import io.modelcontextprotocol.modern.server.feature.McpSyncToolRepository;
import io.modelcontextprotocol.modern.server.feature.ToolsPage;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;

import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.tool.ToolCatalog;
import dev.switchboard.ports.tool.ToolDescriptor;

/**
 * The catalog's tools as the SDK's modern (2026-07-28) server asks for them: {@code tools/list} is the caller's own
 * list, exactly the legacy era's ({@link ToolCatalog#listedFor}, ADR 18; unavailable tools and the legacy route left
 * out), in name order, {@code cacheScope: private} (it differs per caller) with a {@code ttlMs} of 0 (a list can change
 * at any call: a plugin that waited for the storage, a role gained); {@code tools/call} of any name reaches the
 * kernel's invoker through the legacy era's {@link ToolCallHandler}, so an unknown name is -32602 from the invoker and
 * tool-call observers see every call; its progress and log messages go to that request's own channel
 * ({@link ModernNotifications}), and it is cancelled by {@link ModernServerHandle#cancel}. Tools and results are the legacy mapping's ({@link ToolDescriptorMapper},
 * {@link ToolResultMapper}) carried over as JSON: the two eras' shapes of these objects agree. Thread-safe.
 */
final class ModernTools implements McpSyncToolRepository {

    private static final Map<String, Object> ANY_OBJECT = Map.of("type", "object");

    private final ToolCatalog catalog;
    private final ToolDescriptorMapper mapper;
    private final ToolCallHandler handler;
    private final JsonValues json;
    private final Map<ToolDescriptor, Definition> definitions = new ConcurrentHashMap<>();

    /**
     * A descriptor as this era serves it, mapped once.
     *
     * @param tool     the modern tool, or empty when its schema is not a JSON object
     * @param mirrored the {@code Mcp-Param-*} headers it mirrors ({@link #mirroredHeaders})
     */
    private record Definition(Optional<io.modelcontextprotocol.modern.McpSchema.Tool> tool, List<String> mirrored) {}

    ModernTools(ToolCatalog catalog, ToolDescriptorMapper mapper, ToolCallHandler handler, JsonValues json) {
        this.catalog = catalog;
        this.mapper = mapper;
        this.handler = handler;
        this.json = json;
    }

    @Override
    public ToolsPage list(McpRequestContext context, String cursor) {
        Principal caller = ModernExchange.of(context).caller();
        List<io.modelcontextprotocol.modern.McpSchema.Tool> tools = catalog.tools().stream()
                .filter(descriptor -> !catalog.unavailable().contains(descriptor.name()))
                .filter(descriptor -> catalog.listedFor(descriptor.name(), caller))
                .sorted(Comparator.comparing(ToolDescriptor::name))
                .map(this::definition)
                .flatMap(Optional::stream)
                .toList();
        return new ToolsPage(tools, null, 0L, CacheScope.PRIVATE);
    }

    @Override
    public McpSyncTool find(McpRequestContext context, String name) {
        io.modelcontextprotocol.modern.McpSchema.Tool definition = catalog.find(name)
                .flatMap(this::definition)
                .orElseGet(() -> json.fromObject(
                        Map.of("name", Objects.requireNonNullElse(name, ""), "inputSchema", ANY_OBJECT),
                        io.modelcontextprotocol.modern.McpSchema.Tool.class));
        return McpSyncTool.of(definition, (request, call) -> McpSyncResponse.result(call(request, call)));
    }

    /**
     * The HTTP headers a tool mirrors its parameters in (SEP-2243): {@code Mcp-Param-<x>} for each top-level property
     * of its input schema that declares {@code "x-mcp-header": "<x>"}, which the SDK checks against the arguments.
     *
     * @param name a tool's name, or null
     * @return the header names; empty for an unknown tool or one that mirrors nothing
     */
    List<String> mirroredHeaders(String name) {
        if (name == null) {
            return List.of();
        }
        return catalog.find(name)
                .map(descriptor -> entry(descriptor).mirrored())
                .orElse(List.of());
    }

    private static List<String> mirrored(Optional<io.modelcontextprotocol.modern.McpSchema.Tool> definition) {
        return definition
                .map(tool ->
                        tool.inputSchema() == null ? null : tool.inputSchema().get("properties"))
                .filter(Map.class::isInstance)
                .map(properties -> ((Map<?, ?>) properties)
                        .values().stream()
                                .filter(Map.class::isInstance)
                                .map(property -> ((Map<?, ?>) property).get("x-mcp-header"))
                                .filter(String.class::isInstance)
                                .map(header -> "Mcp-Param-" + header)
                                .toList())
                .orElse(List.of());
    }

    /**
     * Runs the call in an {@link InputRound}: when the tool asked its client for something the retry does not answer,
     * the tool's own result is dropped and the call ends with an input-required result.
     */
    private io.modelcontextprotocol.modern.McpSchema.CallToolOutcome call(
            McpRequestContext context, io.modelcontextprotocol.modern.McpSchema.CallToolRequest call) {
        Principal caller = ModernExchange.of(context).caller();
        InputRound round = InputRound.open(context, call.arguments(), call.inputResponses(), call.requestState(), json);
        McpSchema.CallToolRequest legacy = new McpSchema.CallToolRequest(call.name(), call.arguments(), call.meta());
        McpSchema.CallToolResult result;
        try {
            ModernExchange exchange = ModernExchange.of(context);
            result = handler.callStateless(
                    legacy,
                    caller,
                    exchange.scope(),
                    context.requestId(),
                    ModernNotifications.progress(context, exchange.channel()),
                    ModernNotifications.log(context, exchange.channel(), json),
                    round.client());
        } catch (McpError e) {
            McpSchema.JSONRPCResponse.JSONRPCError error = e.getJsonRpcError();
            throw new McpException(error.code(), error.message(), error.data());
        }
        return round.inputRequired()
                .<io.modelcontextprotocol.modern.McpSchema.CallToolOutcome>map(required -> required)
                .orElseGet(() -> ModernCallResults.of(result, json));
    }

    /**
     * @return the modern tool, or empty (logged by the legacy assembly) when its schema is not a JSON object; mapped
     *     once per descriptor (a catalog that changes adds its new descriptors; the old ones are few and small)
     */
    private Optional<io.modelcontextprotocol.modern.McpSchema.Tool> definition(ToolDescriptor descriptor) {
        return entry(descriptor).tool();
    }

    private Definition entry(ToolDescriptor descriptor) {
        return definitions.computeIfAbsent(descriptor, key -> {
            Optional<io.modelcontextprotocol.modern.McpSchema.Tool> tool = mapped(key);
            return new Definition(tool, mirrored(tool));
        });
    }

    private Optional<io.modelcontextprotocol.modern.McpSchema.Tool> mapped(ToolDescriptor descriptor) {
        try {
            return Optional.of(
                    json.across(mapper.toSdk(descriptor), io.modelcontextprotocol.modern.McpSchema.Tool.class));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /**
     * The arguments are the kernel's to check (INVALID_ARGUMENTS naming the field, as in the legacy era, where the
     * SDK's own check is off too); the SDK's tools feature would otherwise answer its own error text first. The
     * feature checks structured output with the same validator, so in this era a result is not checked against its
     * tool's output schema (the legacy era's SDK still checks it; both eras' results come from the same mapping).
     */
    static final JsonSchemaValidator ARGUMENTS_CHECKED_BY_THE_KERNEL = new JsonSchemaValidator() {
        @Override
        public ValidationResponse validate(Map<String, Object> schema, Object structuredContent) {
            return ValidationResponse.asValid(null);
        }
    };
}
