package dev.switchboard.bridge.mcp;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.modelcontextprotocol.modern.JsonRpc;
import io.modelcontextprotocol.modern.server.McpHeaders;
import io.modelcontextprotocol.modern.server.McpServer;
import io.modelcontextprotocol.modern.server.McpTransportResponse;
import io.modelcontextprotocol.modern.server.transport.McpHeaderDecoder;
import io.modelcontextprotocol.server.transport.HeaderAccessor;
import io.modelcontextprotocol.spec.McpSchema;

import dev.switchboard.ports.call.Principal;

/**
 * The stateless server of the modern era (MCP 2026-07-28) built by {@link McpServerAssembly#buildModern}: the SDK's
 * modern server over the same ports as the legacy one. A transport hands it each modern request
 * ({@code transport.ModernEra.claims}; over HTTP once {@code transport.ModernHeaders.mismatch} found the headers in
 * agreement with the body) with the request's caller, and writes the {@link Answer} it gets back: no session is
 * opened, remembered or named; the caller is the transport's to establish on every request. Thread-safe; closing is
 * idempotent.
 */
public final class ModernServerHandle implements AutoCloseable {

    /** The modern protocol versions this server speaks, newest first. */
    public static final List<String> VERSIONS = List.of("2026-07-28");

    private static final Logger LOG = LoggerFactory.getLogger(ModernServerHandle.class);

    /**
     * The methods whose params get the legacy era's shape check first ({@link RequestParams}); any other method goes to
     * the SDK as it is, which answers those the era removed ({@code initialize}, {@code resources/subscribe}, ...) or
     * never had -32601.
     */
    private static final Set<String> SERVED = Set.of(
            McpSchema.METHOD_TOOLS_LIST,
            McpSchema.METHOD_TOOLS_CALL,
            McpSchema.METHOD_RESOURCES_LIST,
            McpSchema.METHOD_RESOURCES_READ,
            McpSchema.METHOD_RESOURCES_TEMPLATES_LIST,
            McpSchema.METHOD_PROMPT_LIST,
            McpSchema.METHOD_PROMPT_GET);

    private static final java.util.concurrent.atomic.AtomicLong UNSCOPED = new java.util.concurrent.atomic.AtomicLong();

    private final McpServer server;
    private final InFlightCalls inFlight;
    private final ModernSubscriptions subscriptions;
    private final Function<String, List<String>> mirroredHeaders;
    private final Runnable release;
    private final AtomicBoolean closed = new AtomicBoolean();

    /**
     * @param mirroredHeaders the {@code Mcp-Param-*} header names of a tool by its name ({@code ModernTools})
     */
    ModernServerHandle(
            McpServer server,
            InFlightCalls inFlight,
            ModernSubscriptions subscriptions,
            Function<String, List<String>> mirroredHeaders,
            Runnable release) {
        this.server = server;
        this.subscriptions = subscriptions;
        this.inFlight = inFlight;
        this.mirroredHeaders = mirroredHeaders;
        this.release = release;
    }

    /**
     * What to send for one modern request.
     *
     * @param status the HTTP status, for a transport that has one: 200 for a result or an error the request's
     *     method gave; 400 for a malformed request, invalid params (-32602) or an unsupported version (-32022, with
     *     {@code data.supported} and {@code data.requested}); 404 for an unknown method (-32601): the SDK's mapping
     * @param body   the JSON-RPC response (an SDK record or a JSON object of JDK types), to be written with
     *     {@link McpServerAssembly#jsonMapper()}
     */
    public record Answer(int status, Object body) {}

    /**
     * One request's own way back to its client, before its answer: over HTTP the POST's response (an event stream
     * once something is sent), on stdio and the attach socket lines before the answer line. It receives the request's
     * notifications and nothing else's: a tool call's {@code notifications/progress} (against its
     * {@code _meta.progressToken}) and {@code notifications/message} (at the level its {@code _meta} asks for), a
     * {@code subscriptions/listen} stream's acknowledgement and changes (ADR 45).
     */
    @FunctionalInterface
    public interface Channel {

        /** A channel that drops everything: the request's notifications go nowhere. */
        Channel NONE = notification -> {};

        /**
         * Sends one notification of the request; called on any thread, possibly on several at once (the channel
         * keeps what it writes whole); must not block long. A channel that can no longer write drops it.
         *
         * @param notification a JSON-RPC notification as a JSON object of JDK types, to be written with
         *     {@link McpServerAssembly#jsonMapper()}
         */
        void send(Object notification);
    }

    /**
     * Answers one modern request, blocking the calling thread until its handler is done (tool calls run on it).
     *
     * @param request a request of the modern era ({@code transport.ModernEra.claims})
     * @param caller  who sent it, established by the transport for this request
     * @param headers the request's values of a header by name, an empty list when absent (HTTP), which the SDK reads
     *     its MCP headers from; null for a transport without headers
     * @return the answer; never null
     */
    public Answer answer(McpSchema.JSONRPCRequest request, Principal caller, Function<String, List<String>> headers) {
        return answer(request, caller, headers, "request-" + UNSCOPED.incrementAndGet(), Channel.NONE);
    }

    /**
     * Answers one modern request, blocking the calling thread until its handler is done (tool calls and listen
     * streams run on it), and sends the request's notifications to {@code channel} meanwhile.
     *
     * @param request a request of the modern era ({@code transport.ModernEra.claims})
     * @param caller  who sent it
     * @param headers as {@link #answer(McpSchema.JSONRPCRequest, Principal, Function)}
     * @param scope   the transport's name for where the request came from (a connection, a POST), which with the
     *     request's id names it to {@link #cancel}; a transport whose ids may repeat across its clients gives each
     *     its own scope
     * @param channel the request's own way back to the client
     * @return the answer, to be sent after everything sent to {@code channel}; never null
     */
    public Answer answer(
            McpSchema.JSONRPCRequest request,
            Principal caller,
            Function<String, List<String>> headers,
            String scope,
            Channel channel) {
        if (SERVED.contains(request.method())) {
            Optional<McpSchema.JSONRPCResponse> malformed = RequestParams.refusal(request);
            if (malformed.isPresent()) {
                return new Answer(400, malformed.get());
            }
        }
        McpHeaders mirrored =
                headers == null ? McpHeaders.NOT_MIRRORED : McpHeaderDecoder.headers(accessor(headers, named(request)));
        var context = new ModernExchange(caller, scope, channel)
                .context()
                .putAll(Map.of(McpHeaders.TRANSPORT_CONTEXT_KEY, mirrored));
        JsonRpc.JSONRPCRequest modern =
                new JsonRpc.JSONRPCRequest(JsonRpc.JSONRPC_VERSION, request.method(), request.id(), request.params());
        McpTransportResponse response = server.handleBlocking(context, modern).block();
        return switch (response) {
            case McpTransportResponse.Result result -> new Answer(200, ListenCapabilities.announced(result.response()));
            case McpTransportResponse.Error error -> new Answer(status(error.response()), error.response());
            case McpTransportResponse.Streaming streaming -> lastResponse(request, streaming);
            case null -> noAnswer(request);
            default -> throw new IllegalStateException("unknown response " + response.getClass());
        };
    }

    /**
     * Raises the cancellation signal of one running request: a tool call sees its {@code Cancellation} raised (a held
     * {@code wait_for_*} answers at once), a listen stream ends with its result. For a client's
     * {@code notifications/cancelled} on stdio, and a closed HTTP response stream.
     *
     * @param scope     the scope the request was answered in
     * @param requestId its JSON-RPC id
     * @return whether a running request was found and signalled
     */
    public boolean cancel(String scope, Object requestId) {
        return inFlight.cancel(scope, requestId);
    }

    /**
     * Ends every open {@code subscriptions/listen} stream gracefully, each with its result (the server is stopping, or
     * the stdio input ended): a drain need not wait for them. Tool calls are not affected.
     */
    public void endStreams() {
        subscriptions.endAll();
    }

    /**
     * Raises the cancellation signal of every modern call still running (a transport's drain that timed out); their
     * answers are still written when they end.
     */
    public void cancelRunning() {
        inFlight.cancelAll();
    }

    /** Cancels the calls still running and closes the SDK server. Blocks. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        subscriptions.endAll();
        inFlight.cancelAll();
        try {
            server.closeGracefully();
        } catch (RuntimeException e) {
            LOG.warn("the modern-era MCP server did not close cleanly", e);
        } finally {
            release.run();
        }
    }

    /**
     * A streamed answer of the SDK's own (none of this server's features streams: their notifications go to the
     * request's {@link Channel}) is reduced to its result.
     */
    private static Answer lastResponse(McpSchema.JSONRPCRequest request, McpTransportResponse.Streaming streaming) {
        JsonRpc.JSONRPCResponse last = streaming
                .messages()
                .ofType(JsonRpc.JSONRPCResponse.class)
                .last()
                .block();
        if (last == null) {
            return noAnswer(request);
        }
        return new Answer(last.error() == null ? 200 : status(last), last);
    }

    private static int status(JsonRpc.JSONRPCResponse response) {
        Integer code = response.error() == null ? null : response.error().code();
        if (code == null) {
            return 200;
        }
        return switch (code) {
            case -32_700, -32_600, -32_602, -32_020, -32_021, -32_022 -> 400;
            case -32_601 -> 404;
            default -> 200;
        };
    }

    private static Answer noAnswer(McpSchema.JSONRPCRequest request) {
        return new Answer(
                200,
                JsonRpc.JSONRPCResponse.error(
                        request.id(), new JsonRpc.JSONRPCResponse.JSONRPCError(-32_603, "the server gave no answer")));
    }

    /** @return the {@code Mcp-Param-*} headers the tool a {@code tools/call} names mirrors; else none */
    private List<String> named(McpSchema.JSONRPCRequest request) {
        if (McpSchema.METHOD_TOOLS_CALL.equals(request.method())
                && request.params() instanceof Map<?, ?> params
                && params.get("name") instanceof String tool) {
            return mirroredHeaders.apply(tool);
        }
        return List.of();
    }

    /**
     * The SDK reads the MCP headers by name through this: the three of every request, and the tool's own mirrored
     * parameter headers ({@code x-mcp-header} in its schema), which it checks against the arguments.
     */
    private static HeaderAccessor accessor(Function<String, List<String>> headers, List<String> mirrored) {
        List<String> names = new java.util.ArrayList<>(List.of("Mcp-Method", "MCP-Protocol-Version", "Mcp-Name"));
        names.addAll(mirrored);
        return new HeaderAccessor() {
            @Override
            public List<String> getHeader(String name) {
                return headers.apply(name);
            }

            @Override
            public List<String> getHeaderNames() {
                return names;
            }
        };
    }
}
