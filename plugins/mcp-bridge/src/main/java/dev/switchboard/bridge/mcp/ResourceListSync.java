package dev.switchboard.bridge.mcp;

import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.modelcontextprotocol.server.McpAsyncServer;
import io.modelcontextprotocol.server.McpServerFeatures.AsyncResourceSpecification;
import io.modelcontextprotocol.spec.McpSchema;

/**
 * Keeps the SDK server's registered resources equal to the catalog's after a provider reports that its list changed
 * (SDK 2.1.0 lists only registered resources): resources no longer listed are removed, new ones added, and the SDK
 * sends {@code notifications/resources/list_changed} for each change. The work runs on a virtual thread, never on
 * the reporting thread (a tool call), and reports that arrive while it runs, or within {@link #SPACING} after it, are
 * coalesced into one more pass. The
 * wanted list is the catalog's ({@code ResourceCatalog.resources()}), which the kernel asks its providers for once per
 * reported change for the whole process: a process serving many sessions (one server each) reads a changed list once,
 * and each server only compares it with what it registered. Thread-safe.
 */
final class ResourceListSync {

    private static final Logger LOG = LoggerFactory.getLogger(ResourceListSync.class);
    private static final Duration STEP_LIMIT = Duration.ofSeconds(5);
    /**
     * The least time between two passes. Every publish of a handoff changes the resource list (its 50 newest); without
     * a spacing each publish cost a listing query, the SDK's remove and add, and a notification to every session:
     * about as much CPU as the publish itself (docs/performance.md, "Durable writes"). A client learns of a change at
     * most this much later.
     */
    static final Duration SPACING = Duration.ofMillis(500);

    private final McpAsyncServer server;
    private final ResourceSpecs specs;
    private final CoalescedPasses passes = new CoalescedPasses("mcp-resource-list-sync", this::syncOnce, SPACING);

    ResourceListSync(McpAsyncServer server, ResourceSpecs specs) {
        this.server = server;
        this.specs = specs;
    }

    /** Asks for a pass; returns at once. */
    void request() {
        passes.request();
    }

    private void syncOnce() {
        try {
            Map<String, AsyncResourceSpecification> wanted = specs.resources().stream()
                    .collect(Collectors.toMap(spec -> spec.resource().uri(), Function.identity(), (a, b) -> a));
            Set<String> registered = server.listResources()
                    .map(McpSchema.Resource::uri)
                    .collect(Collectors.toSet())
                    .block(STEP_LIMIT);
            for (String uri : registered) {
                if (!wanted.containsKey(uri)) {
                    server.removeResource(uri).block(STEP_LIMIT);
                }
            }
            for (Map.Entry<String, AsyncResourceSpecification> entry : wanted.entrySet()) {
                if (!registered.contains(entry.getKey())) {
                    server.addResource(entry.getValue()).block(STEP_LIMIT);
                }
            }
        } catch (RuntimeException e) {
            LOG.debug("resource list not brought up to date (server closing?)", e);
        }
    }
}
