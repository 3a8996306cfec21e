package dev.switchboard.bridge.mcp;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.modelcontextprotocol.modern.McpSchema.MetaKeys;

import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.resource.ResourceCatalog;
import dev.switchboard.ports.resource.ResourceDescriptor;
import dev.switchboard.ports.resource.ResourceSubscription;
import dev.switchboard.ports.resource.ResourceUpdateSink;
import dev.switchboard.ports.tool.ToolCatalog;
import dev.switchboard.ports.tool.ToolDescriptor;

/**
 * One {@code subscriptions/listen} stream of the modern era, fed by the change signals the legacy sessions use: the
 * tool catalog's change listener ({@link ToolCatalog#addChangeListener}), the resource catalog's update listener
 * ({@link ResourceCatalog#addUpdateListener}: a changed list, a changed resource) and a follow of each subscribed URI
 * ({@link ResourceCatalog#follow}), which makes the providers watch it (across processes, and on PostgreSQL across
 * nodes, as for a legacy {@code resources/subscribe}). A changed list is told only when the caller's own list changed
 * ({@code tools/list_changed}: the tools listed for it, {@code resources/list_changed}: the resources served to it),
 * compared on a virtual thread ({@link CoalescedPasses}), never on the reporting thread; a changed resource the
 * stream subscribed to is told at once ({@code resources/updated}). Every notification carries the subscription id
 * (the listen request's id) in its {@code _meta} and goes to the request's own channel, one at a time. The stream
 * ends at {@link #end} (the client cancelled or went away, the server is closing): everything it registered is
 * removed and {@link #ended} completes. Thread-safe.
 */
final class ListenStream {

    private static final Logger LOG = LoggerFactory.getLogger(ListenStream.class);

    private final ToolCatalog tools;
    private final ResourceCatalog resources;
    private final Principal caller;
    private final ModernServerHandle.Channel channel;
    private final Map<String, Object> meta;
    private final boolean toolsWanted;
    private final boolean resourcesWanted;
    private final Set<String> subscribed;
    private final CoalescedPasses listPasses = new CoalescedPasses("mcp-listen-lists", this::compareLists);
    private final CompletableFuture<Void> ended = new CompletableFuture<>();
    private final List<ResourceSubscription> follows = new ArrayList<>();
    private final Runnable toolListener = listPasses::request;
    private final ResourceUpdateSink resourceListener = new ResourceUpdateSink() {
        @Override
        public void updated(String uri) {
            if (subscribed.contains(uri)) {
                send("notifications/resources/updated", Map.of("uri", uri));
            }
        }

        @Override
        public void listChanged() {
            if (resourcesWanted) {
                listPasses.request();
            }
        }
    };
    private List<ToolDescriptor> lastTools;
    private List<String> lastResources;

    /**
     * @param subscriptionId  the listen request's id, carried by every notification
     * @param toolsWanted     whether the stream tells {@code tools/list_changed}
     * @param resourcesWanted whether the stream tells {@code resources/list_changed}
     * @param subscribed      the URIs whose {@code resources/updated} the stream tells (each served to the caller)
     */
    ListenStream(
            ToolCatalog tools,
            ResourceCatalog resources,
            Principal caller,
            ModernServerHandle.Channel channel,
            Object subscriptionId,
            boolean toolsWanted,
            boolean resourcesWanted,
            Set<String> subscribed) {
        this.tools = tools;
        this.resources = resources;
        this.caller = caller;
        this.channel = channel;
        this.meta = Map.of(MetaKeys.SUBSCRIPTION_ID, subscriptionId);
        this.toolsWanted = toolsWanted;
        this.resourcesWanted = resourcesWanted;
        this.subscribed = Set.copyOf(subscribed);
    }

    /**
     * Starts watching, then sends the acknowledgement, so nothing changed after it goes untold: the lists as they
     * are now are the ones later changes are compared with.
     *
     * @param honoured the filter the stream honours, as the acknowledgement names it
     */
    synchronized void start(Map<String, Object> honoured) {
        lastTools = toolsWanted ? toolsOfCaller() : List.of();
        lastResources = resourcesWanted ? resourcesOfCaller() : List.of();
        if (toolsWanted) {
            tools.addChangeListener(toolListener);
        }
        if (resourcesWanted || !subscribed.isEmpty()) {
            resources.addUpdateListener(resourceListener);
        }
        for (String uri : subscribed) {
            try {
                follows.add(resources.follow(uri, caller));
            } catch (RuntimeException e) {
                LOG.warn("{} is listened to but cannot be watched: {}", uri, e.toString());
            }
        }
        // a change reported meanwhile waits for this monitor: the acknowledgement goes first
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("notifications", honoured);
        params.put("_meta", meta);
        channel.send(ModernNotifications.notification("notifications/subscriptions/acknowledged", params));
    }

    /** Ends the stream: stops watching and completes {@link #ended}. Idempotent. */
    synchronized void end() {
        if (ended.isDone()) {
            return;
        }
        tools.removeChangeListener(toolListener);
        resources.removeUpdateListener(resourceListener);
        follows.forEach(ResourceSubscription::close);
        follows.clear();
        ended.complete(null);
    }

    /** @return completed once the stream ended */
    CompletableFuture<Void> ended() {
        return ended;
    }

    private void compareLists() {
        try {
            if (toolsWanted) {
                List<ToolDescriptor> now = toolsOfCaller();
                if (changed(now, true)) {
                    send("notifications/tools/list_changed", Map.of());
                }
            }
            if (resourcesWanted) {
                List<String> now = resourcesOfCaller();
                if (changed(now, false)) {
                    send("notifications/resources/list_changed", Map.of());
                }
            }
        } catch (RuntimeException e) {
            LOG.debug("listen stream's lists not compared (server closing?)", e);
        }
    }

    /** @return whether {@code now} differs from the list last seen, which it then replaces */
    @SuppressWarnings("unchecked")
    private synchronized boolean changed(List<?> now, boolean toolList) {
        if (ended.isDone()) {
            return false;
        }
        List<?> before = toolList ? lastTools : lastResources;
        if (before.equals(now)) {
            return false;
        }
        if (toolList) {
            lastTools = (List<ToolDescriptor>) now;
        } else {
            lastResources = (List<String>) now;
        }
        return true;
    }

    private synchronized void send(String method, Map<String, Object> fields) {
        if (ended.isDone()) {
            return;
        }
        Map<String, Object> params = new LinkedHashMap<>(fields);
        params.put("_meta", meta);
        try {
            channel.send(ModernNotifications.notification(method, params));
        } catch (RuntimeException e) {
            LOG.debug("listen notification {} not delivered", method, e);
        }
    }

    private List<ToolDescriptor> toolsOfCaller() {
        return tools.tools().stream()
                .filter(descriptor -> !tools.unavailable().contains(descriptor.name()))
                .filter(descriptor -> tools.listedFor(descriptor.name(), caller))
                .sorted(java.util.Comparator.comparing(ToolDescriptor::name))
                .toList();
    }

    private List<String> resourcesOfCaller() {
        return resources.resources(caller).stream()
                .map(ResourceDescriptor::uri)
                .sorted()
                .toList();
    }
}
