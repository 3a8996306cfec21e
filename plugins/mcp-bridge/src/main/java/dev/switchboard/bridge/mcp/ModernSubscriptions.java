package dev.switchboard.bridge.mcp;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import io.modelcontextprotocol.modern.McpException;
import io.modelcontextprotocol.modern.McpSchema;
import io.modelcontextprotocol.modern.McpSchema.Result;
import io.modelcontextprotocol.modern.McpSchema.ServerCapabilities;
import io.modelcontextprotocol.modern.McpSchema.SubscriptionsListenResult;
import io.modelcontextprotocol.modern.server.McpAsyncResponse;
import io.modelcontextprotocol.modern.server.McpFeature;
import io.modelcontextprotocol.modern.server.McpRequestContext;
import reactor.core.publisher.Mono;

import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.resource.ResourceCatalog;
import dev.switchboard.ports.tool.ToolCatalog;

/**
 * {@code subscriptions/listen} of the modern era (ADR 45), as a feature of the SDK's modern server (which checks the
 * request's {@code _meta} and version and adds {@code resultType} and the server's identity to the final result): the
 * filter's {@code toolsListChanged}, {@code resourcesListChanged} and {@code resourceSubscriptions} (at most
 * {@value ListenFilter#MAX_URIS}; only the URIs the caller may read, by the rule of its {@code resources/read}: others
 * are left out of the acknowledgement and never told; see {@link ListenFilter}) are honoured, {@code promptsListChanged} is not (the prompt
 * list never changes while serving). The request's thread holds the stream ({@link ListenStream}) until it ends: the
 * client cancels it or goes away ({@link ModernServerHandle#cancel}), or the server closes; the answer is then
 * {@code SubscriptionsListenResult} for the subscription. Open streams are capped per server ({@value #MAX_STREAMS};
 * one server per process on HTTP, per connection on stdio and the attach socket) and per caller
 * ({@value #MAX_PER_CALLER}; the server's cap is high enough that a caller's binds first, so a channel's roles cannot
 * lock out the owner or other channels), like the held polls of ADR 24: one over the cap is refused -32000 with
 * {@code data.code} {@code LIMIT_EXCEEDED}. Thread-safe.
 */
final class ModernSubscriptions implements McpFeature {

    /** The most listen streams one server holds open. */
    static final int MAX_STREAMS = 1024;

    /** The most listen streams one caller holds open on one server. */
    static final int MAX_PER_CALLER = 8;

    private final ToolCatalog tools;
    private final ResourceCatalog resources;
    private final InFlightCalls inFlight;
    private final AtomicInteger open = new AtomicInteger();
    private final Map<String, AtomicInteger> openPerCaller = new ConcurrentHashMap<>();
    private final Set<ListenStream> streams = ConcurrentHashMap.newKeySet();

    ModernSubscriptions(ToolCatalog tools, ResourceCatalog resources, InFlightCalls inFlight) {
        this.tools = tools;
        this.resources = resources;
        this.inFlight = inFlight;
    }

    @Override
    public Set<String> methods() {
        return Set.of(McpSchema.METHOD_SUBSCRIPTIONS_LISTEN);
    }

    @Override
    public void capabilities(ServerCapabilities.Builder builder) {
        // resources.subscribe and listChanged: the SDK resets them after this (ListenCapabilities sets them)
        builder.toolsListChanged(true);
    }

    @Override
    public Mono<McpAsyncResponse<Result>> handle(McpRequestContext request, Object params) {
        ModernExchange exchange = ModernExchange.of(request);
        ListenFilter filter;
        try {
            filter = ListenFilter.of(params, resources, exchange.caller());
        } catch (McpException e) {
            return Mono.error(e);
        }
        return Mono.fromCallable(() -> {
            if (!admit(exchange.caller())) {
                throw new McpException(
                        -32_000,
                        "Too many listen streams: at most " + MAX_PER_CALLER + " per caller and " + MAX_STREAMS
                                + " in all; close one first",
                        Map.of("code", "LIMIT_EXCEEDED"));
            }
            try {
                ListenStream stream = new ListenStream(
                        tools,
                        resources,
                        exchange.caller(),
                        exchange.channel(),
                        request.requestId(),
                        filter.toolsListChanged(),
                        filter.resourcesListChanged(),
                        filter.uris());
                hold(exchange.scope(), request.requestId(), stream, filter.honoured());
                return McpAsyncResponse.result(SubscriptionsListenResult.forSubscription(request.requestId()));
            } finally {
                leave(exchange.caller());
            }
        });
    }

    /** Runs the stream on this thread until it ends; its cancellation signal ends it. */
    private void hold(String scope, Object requestId, ListenStream stream, Map<String, Object> honoured) {
        CallCancellation cancellation = new CallCancellation();
        InFlightCalls.Key key = inFlight.register(scope, requestId, cancellation);
        streams.add(stream);
        try {
            stream.start(honoured);
            cancellation.onCancel(stream::end);
            stream.ended().join();
        } finally {
            stream.end();
            streams.remove(stream);
            inFlight.release(key, cancellation);
        }
    }

    /** Ends every open stream gracefully (each answers its result); streams opened later are not affected. */
    void endAll() {
        streams.forEach(ListenStream::end);
    }

    private boolean admit(Principal caller) {
        if (open.incrementAndGet() > MAX_STREAMS) {
            open.decrementAndGet();
            return false;
        }
        AtomicInteger mine = openPerCaller.computeIfAbsent(caller.id(), id -> new AtomicInteger());
        if (mine.incrementAndGet() > MAX_PER_CALLER) {
            mine.decrementAndGet();
            open.decrementAndGet();
            return false;
        }
        return true;
    }

    private void leave(Principal caller) {
        openPerCaller.computeIfPresent(caller.id(), (id, count) -> count.decrementAndGet() == 0 ? null : count);
        open.decrementAndGet();
    }
}
