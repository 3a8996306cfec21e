package dev.switchboard.plugin.transport.stdio;

import java.io.IOException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import reactor.core.publisher.Mono;
import reactor.util.context.Context;

import dev.switchboard.bridge.mcp.McpServerAssembly;
import dev.switchboard.bridge.mcp.McpServerHandle;
import dev.switchboard.bridge.mcp.ModernServerHandle;
import dev.switchboard.bridge.mcp.PrincipalResolver;
import dev.switchboard.bridge.mcp.RequestContexts;
import dev.switchboard.bridge.mcp.transport.ClientMistakes;
import dev.switchboard.bridge.mcp.transport.InFlightIds;
import dev.switchboard.bridge.mcp.transport.JsonRpcDecoder;
import dev.switchboard.bridge.mcp.transport.JsonRpcErrors;
import dev.switchboard.bridge.mcp.transport.ProtocolRules;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.transport.TransportContext;

/**
 * One newline-delimited JSON-RPC session over a pair of byte streams (the process's stdin and stdout, or one attach
 * socket's), from start to end: wires the reading role, the lifecycle router, the SDK server and the
 * writer, and ends in one place. Requests whose handlers may block (tool calls, resource reads, prompts,
 * completions) run on the thread that read them, which hands the reading role to another thread of the session's
 * readers (daemon platform threads, created as needed and kept for a minute when idle) just before the handler
 * starts: a sequential client's call then costs no thread hand-off on its way, and calls still run concurrently.
 * When the input ends it lets in-flight calls finish (up to 30 s), cancels those still running and lets them answer
 * (up to 5 s more), closes the server and the output, and then runs its {@code onInputEnd}, once (not after
 * {@link #stop()}). Every call runs as the session's one caller. Both MCP eras share the connection: a request of the
 * modern era (2026-07-28, see {@link InboundRouter}) is answered by the bridge's stateless {@link ModernServerHandle}
 * on the thread that read it (which hands the reading role on first), as the same caller, in one line with its id;
 * the legacy session and its lifecycle are untouched by it. Thread-safe.
 */
final class StdioSession implements SessionPort {

    static final String TRANSPORT_ID = "stdio";

    private static final Logger LOG = LoggerFactory.getLogger(StdioSession.class);
    /** The largest message (one line) this transport reads; a longer one is answered -32600 with its id. */
    static final int MAX_LINE_BYTES = 16 * 1024 * 1024;
    /** JSON nesting accepted, as over HTTP by default. */
    private static final int MAX_JSON_DEPTH = 64;

    /**
     * The scope of this session's modern-era requests ({@link ModernServerHandle#cancel}): the handle is the session's
     * own, and its in-flight ids are unique within it.
     */
    private static final String MODERN_SCOPE = "stdio";

    /** How long calls still running when the input ends may take before they are cancelled. */
    private static final Duration DRAIN_LIMIT = Duration.ofSeconds(30);
    /**
     * How long calls still running when the server stops ({@link #stop()}: SIGTERM, {@code server stop}) may take
     * before they are cancelled: the HTTP transport's default drain, so that a session's cancelled calls answer
     * within the kernel's 20 s shutdown deadline (a held {@code wait_for_mail} would otherwise outlast it).
     */
    private static final Duration STOP_DRAIN_LIMIT = Duration.ofSeconds(10);
    /** How long calls cancelled at the end of the input get to write their answers. */
    private static final Duration CANCEL_SETTLE = Duration.ofSeconds(5);

    private final LineWriter writer;
    private final StdioServerProvider provider;
    private final McpServerHandle server;
    private final TransportContext context;
    /**
     * The stateless server of the modern era, built at the first request that claims it (a legacy-only client's start
     * does not pay for it); null until then. Guarded by {@code this}.
     */
    private ModernServerHandle modern;

    private static final Set<String> NARROWED_LISTS = Set.of(
            McpSchema.METHOD_RESOURCES_LIST, McpSchema.METHOD_RESOURCES_TEMPLATES_LIST, McpSchema.METHOD_PROMPT_LIST);

    /** The principal every request of the session runs as. */
    private final Principal caller;

    private final Runnable onInputEnd;
    private final InFlightRequests inFlight = new InFlightRequests();
    private final InFlightIds inFlightIds = new InFlightIds();
    /** The legacy list requests in flight, by id key: their answers are narrowed to the caller (ADR 20). */
    private final Map<Object, String> listsInFlight = new ConcurrentHashMap<>();

    private final BatchReplies batches = new BatchReplies();
    private final AtomicBoolean stopRequested = new AtomicBoolean();
    private final AtomicBoolean ending = new AtomicBoolean();
    private final CountDownLatch ended = new CountDownLatch(1);
    private final ExecutorService readers = Executors.newCachedThreadPool(
            Thread.ofPlatform().daemon().name("switchboard-stdio-", 0).factory());
    private final InboundLoop loop;
    private final InboundRouter router;

    /**
     * @param streams     where lines arrive and go
     * @param context     what to serve
     * @param caller      the principal every call of the session runs as
     * @param transportId the transport's id, named in the log lines about client mistakes
     * @param onInputEnd  run once after the input ended and every answer was written (not after {@link #stop()})
     */
    StdioSession(
            StdioStreams streams, TransportContext context, Principal caller, String transportId, Runnable onInputEnd) {
        McpJsonMapper mapper = McpServerAssembly.jsonMapper();
        this.onInputEnd = onInputEnd;
        this.writer = new LineWriter(streams.out());
        this.router = new InboundRouter(this);
        this.provider = new StdioServerProvider(
                new StdioSessionTransport(writer, mapper, this::servedToCaller, message -> outbound(router, message)),
                McpServerAssembly.protocolVersions(context.server()));
        this.caller = caller;
        this.server = McpServerAssembly.build(provider, context, PrincipalResolver.fixed(caller));
        this.context = context;
        this.loop = new InboundLoop(
                new LineReader(streams.in(), MAX_LINE_BYTES),
                new JsonRpcDecoder(MAX_JSON_DEPTH, ProtocolRules.MAX_BATCH),
                router,
                this,
                stopRequested::get,
                this::end,
                readers,
                new ClientMistakes(transportId));
    }

    void start() {
        loop.start();
    }

    /** @return whether the session is serving: started, and its input has not ended nor has it been stopped */
    boolean open() {
        return !ending.get();
    }

    /**
     * Stops serving, lets in-flight calls finish (bounded), closes everything; waits until done. Idempotent. The
     * reading thread is not interrupted (it may be writing an answer, and a read of the process's stdin cannot be
     * interrupted anyway): it is a daemon that ignores whatever it still reads.
     */
    void stop() {
        stopRequested.set(true);
        end();
        try {
            if (!ended.await(DRAIN_LIMIT.toSeconds() + CANCEL_SETTLE.toSeconds() + 15, TimeUnit.SECONDS)) {
                LOG.warn("the stdio session did not end in time");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void end() {
        if (!ending.compareAndSet(false, true)) {
            return;
        }
        Duration drain = stopRequested.get() ? STOP_DRAIN_LIMIT : DRAIN_LIMIT;
        // a listen stream runs until told: it ends now, with its result, and the drain waits for the calls
        builtModern().ifPresent(ModernServerHandle::endStreams);
        if (!inFlight.awaitIdle(drain)) {
            LOG.warn("stdio requests still running after {}; cancelling them", drain);
            // Cancelled calls still answer (a killed command says COMMAND_CANCELLED) before the output closes.
            // a stop's cancellation answers UNAVAILABLE (the server is stopping), the end of the input's CANCELLED
            if (stopRequested.get()) {
                server.stopSession(provider.session().getId());
            } else {
                server.cancelSession(provider.session().getId());
            }
            builtModern().ifPresent(ModernServerHandle::cancelRunning);
            if (!inFlight.awaitIdle(CANCEL_SETTLE)) {
                LOG.warn(
                        "stdio requests still running {} after their cancellation; closing without their answers",
                        CANCEL_SETTLE);
            }
        }
        server.closeGracefully();
        builtModern().ifPresent(ModernServerHandle::close);
        // No interrupts: the thread running this may be one of the readers; calls still running were cancelled.
        readers.shutdown();
        writer.close();
        ended.countDown();
        if (!stopRequested.get()) {
            onInputEnd.run();
        }
    }

    @Override
    public void deliver(McpSchema.JSONRPCMessage message) {
        provider.session()
                .handle(message)
                .subscribe(null, e -> LOG.warn("the MCP session failed to handle a message", e));
    }

    @Override
    public void dispatch(McpSchema.JSONRPCRequest request) {
        InFlightIds.Claim claim = inFlightIds.claim(request.id());
        if (claim == null) {
            reply(stillRunning(request.id()));
            return;
        }
        run(request, claim);
    }

    @Override
    public void batch(List<McpSchema.JSONRPCMessage> messages) {
        Map<Object, InFlightIds.Claim> claimed = new LinkedHashMap<>();
        for (McpSchema.JSONRPCMessage message : messages) {
            if (message instanceof McpSchema.JSONRPCRequest request) {
                InFlightIds.Claim claim =
                        claimed.containsKey(InFlightIds.key(request.id())) ? null : inFlightIds.claim(request.id());
                if (claim == null) {
                    claimed.values().forEach(inFlightIds::release);
                    reply(JsonRpcErrors.error(
                            null,
                            JsonRpcErrors.INVALID_REQUEST,
                            "Invalid Request: the id " + request.id()
                                    + " appears twice in the batch or belongs to a request still running"));
                    return;
                }
                claimed.put(InFlightIds.key(request.id()), claim);
            }
        }
        if (!claimed.isEmpty()) {
            batches.expect(List.copyOf(claimed.keySet()));
        }
        for (McpSchema.JSONRPCMessage message : messages) {
            if (message instanceof McpSchema.JSONRPCRequest request) {
                run(request, claimed.get(InFlightIds.key(request.id())));
            } else {
                deliver(message);
            }
        }
    }

    @Override
    public void modern(McpSchema.JSONRPCRequest request) {
        InFlightIds.Claim claim = inFlightIds.claim(request.id());
        if (claim == null) {
            reply(stillRunning(request.id()));
            return;
        }
        inFlight.begin();
        try {
            // the handler may block (a tool call, a held wait): the next line is read meanwhile by another thread
            loop.handOver();
            Object body = modernServer()
                    .answer(request, caller, null, MODERN_SCOPE, notification -> {
                        if (!claim.isCancelled()) {
                            writeQuietly(notification);
                        }
                    })
                    .body();
            if (!inFlightIds.answered(request.id())) {
                writeQuietly(body);
            }
        } catch (RuntimeException e) {
            LOG.warn("modern-era request {} failed", request.id(), e);
            reply(JsonRpcErrors.error(request.id(), JsonRpcErrors.INTERNAL_ERROR, "Internal error"));
        } finally {
            inFlightIds.release(claim);
            inFlight.end();
        }
    }

    private synchronized ModernServerHandle modernServer() {
        if (modern == null) {
            modern = McpServerAssembly.buildModern(context);
        }
        return modern;
    }

    private synchronized Optional<ModernServerHandle> builtModern() {
        return Optional.ofNullable(modern);
    }

    private void run(McpSchema.JSONRPCRequest request, InFlightIds.Claim claim) {
        Optional<McpSchema.JSONRPCResponse> refused = server.refusal(request, caller);
        if (refused.isPresent()) {
            // answered in the SDK's place, through the same path as its answers (a batch's array, a cancelled id)
            if (outbound(router, refused.get())) {
                writeQuietly(refused.get());
            }
            inFlightIds.release(claim);
            return;
        }
        server.observe(provider.session().getId(), request, caller);
        if (caller.localSession().isPresent() && NARROWED_LISTS.contains(request.method())) {
            listsInFlight.put(InFlightIds.key(request.id()), request.method());
        }
        inFlight.begin();
        Mono<Void> handling = provider.session()
                .handle(request)
                .contextWrite(Context.of(McpTransportContext.KEY, RequestContexts.forRequest(request.id())))
                .doFinally(signal -> {
                    inFlightIds.release(claim);
                    inFlight.end();
                });
        McpServerAssembly.deliverInline(
                loop::handOver,
                () -> handling.subscribe(null, e -> LOG.warn("request {} failed in the MCP session", request.id(), e)));
    }

    /**
     * Narrows the legacy session's answer to {@code resources/list}, {@code resources/templates/list} or
     * {@code prompts/list} to what is served to this session's caller, for a session attached to a shared server: the
     * SDK answers from what was registered when the server was built, which is the server's own list, not an attached
     * session's (its role's inbox). An in-process session's caller is the server's own, so its lists go unchanged
     * (and a list change is still listed once per process, not once per session).
     */
    private McpSchema.JSONRPCMessage servedToCaller(McpSchema.JSONRPCMessage message) {
        if (message instanceof McpSchema.JSONRPCResponse answer && answer.id() != null) {
            String method = listsInFlight.remove(InFlightIds.key(answer.id()));
            if (method != null && answer.result() != null) {
                return server.servedTo(method, answer, caller);
            }
        }
        return message;
    }

    /**
     * Decides what happens to a message the SDK session sends: a notification or request of its own before the
     * legacy {@code initialize} was answered on this connection is dropped; the answer to a request the client cancelled is
     * dropped (MCP: no response after {@code notifications/cancelled}); an answer that belongs to a batch waits for
     * the batch's array; anything else is written at once.
     *
     * @return whether to write {@code message} as a line of its own
     */
    private boolean outbound(InboundRouter router, McpSchema.JSONRPCMessage message) {
        router.observeOutbound(message);
        if (!(message instanceof McpSchema.JSONRPCResponse response)) {
            // the legacy session's own notifications and requests (a list change, roots/list) are the legacy era's:
            // none before its initialize on this connection, none to a connection that speaks only the modern era
            if (!router.legacyOpened()) {
                LOG.debug("dropped the legacy session's {} before initialize", describe(message));
                return false;
            }
            return true;
        }
        if (response.id() == null) {
            return true;
        }
        boolean cancelled = inFlightIds.answered(response.id());
        Optional<List<Object>> batch = batches.absorb(response.id(), cancelled ? null : response);
        if (batch.isPresent()) {
            if (!batch.get().isEmpty()) {
                writeQuietly(batch.get());
            }
            return false;
        }
        return !cancelled;
    }

    private static String describe(McpSchema.JSONRPCMessage message) {
        return switch (message) {
            case McpSchema.JSONRPCNotification notification -> notification.method();
            case McpSchema.JSONRPCRequest request -> request.method();
            default -> "message";
        };
    }

    private static Map<String, Object> stillRunning(Object id) {
        return JsonRpcErrors.error(
                id,
                JsonRpcErrors.INVALID_REQUEST,
                "Invalid Request: a request with id " + id
                        + " is still running in this session; use a new id for each request");
    }

    @Override
    public void reply(Map<String, Object> answer) {
        writeQuietly(answer);
    }

    private void writeQuietly(Object answer) {
        try {
            writer.write(answer);
        } catch (IOException e) {
            LOG.debug("could not write an answer to stdout", e);
        }
    }

    @Override
    public void cancel(Object requestId) {
        if (!inFlightIds.cancel(requestId)) {
            LOG.debug("cancellation for request {} that is not running", requestId);
            return;
        }
        if (builtModern().map(modern -> modern.cancel(MODERN_SCOPE, requestId)).orElse(false)) {
            return;
        }
        server.cancelRequest(provider.session().getId(), requestId);
    }
}
