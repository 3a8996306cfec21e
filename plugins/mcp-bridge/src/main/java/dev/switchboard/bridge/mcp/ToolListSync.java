package dev.switchboard.bridge.mcp;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.modelcontextprotocol.server.McpAsyncServer;
import io.modelcontextprotocol.server.McpServerFeatures.AsyncToolSpecification;
import io.modelcontextprotocol.spec.McpSchema;

/**
 * Keeps the SDK server's registered tools equal to the catalog's after the catalog reports a change
 * ({@code ToolCatalog.addChangeListener}: a plugin that waited for the storage started, so its tools, registered as
 * unavailable placeholders, now have their real descriptors): tools whose descriptor changed are replaced, new ones
 * added, those gone removed. The work runs on a virtual thread, never on the reporting thread, and reports that arrive
 * while it runs are coalesced into one more pass. Clients see the new list at their next {@code tools/list} (the
 * server does not announce {@code listChanged} for tools). Thread-safe.
 */
final class ToolListSync {

    private static final Logger LOG = LoggerFactory.getLogger(ToolListSync.class);
    private static final Duration STEP_LIMIT = Duration.ofSeconds(5);

    private final McpAsyncServer server;
    private final Supplier<List<AsyncToolSpecification>> specs;
    private final CoalescedPasses passes = new CoalescedPasses("mcp-tool-list-sync", this::syncOnce);

    /**
     * @param server the SDK server whose tools are kept in step
     * @param specs  builds the wanted specifications from the catalog as it is now
     */
    ToolListSync(McpAsyncServer server, Supplier<List<AsyncToolSpecification>> specs) {
        this.server = server;
        this.specs = specs;
    }

    /** Asks for a pass; returns at once. */
    void request() {
        passes.request();
    }

    private void syncOnce() {
        try {
            Map<String, AsyncToolSpecification> wanted = specs.get().stream()
                    .collect(Collectors.toMap(spec -> spec.tool().name(), Function.identity(), (a, b) -> a));
            Map<String, McpSchema.Tool> registered =
                    server.listTools().collectMap(McpSchema.Tool::name).block(STEP_LIMIT);
            for (String name : registered.keySet()) {
                AsyncToolSpecification spec = wanted.get(name);
                if (spec == null || !spec.tool().equals(registered.get(name))) {
                    server.removeTool(name).block(STEP_LIMIT);
                }
            }
            for (Map.Entry<String, AsyncToolSpecification> entry : wanted.entrySet()) {
                McpSchema.Tool before = registered.get(entry.getKey());
                if (before == null || !before.equals(entry.getValue().tool())) {
                    server.addTool(entry.getValue()).block(STEP_LIMIT);
                }
            }
        } catch (RuntimeException e) {
            LOG.warn("could not bring the served tool list up to date: {}", e.getMessage());
            LOG.debug("tool list sync failure", e);
        }
    }
}
