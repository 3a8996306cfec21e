package dev.switchboard.plugin.transport.http;

import java.net.InetAddress;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.helidon.http.HeaderNames;
import io.helidon.http.Headers;
import io.helidon.http.HttpPrologue;
import io.helidon.http.Status;
import io.helidon.webserver.ConnectionContext;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.http.Handler;
import io.helidon.webserver.http1.Http1Config;
import io.helidon.webserver.http1.Http1ConnectionListener;
import io.helidon.webserver.http1.Http1ConnectionSelector;
import io.modelcontextprotocol.json.McpJsonMapper;

import dev.switchboard.bridge.mcp.McpServerAssembly;
import dev.switchboard.bridge.mcp.McpServerHandle;
import dev.switchboard.bridge.mcp.ModernServerHandle;
import dev.switchboard.bridge.mcp.transport.AccessGate;
import dev.switchboard.bridge.mcp.transport.BearerAuthentication;
import dev.switchboard.bridge.mcp.transport.ClientMistakes;
import dev.switchboard.bridge.mcp.transport.JsonRpcDecoder;
import dev.switchboard.bridge.mcp.transport.OriginPolicy;
import dev.switchboard.bridge.mcp.transport.ProtocolRules;
import dev.switchboard.ports.transport.TransportContext;
import dev.switchboard.ports.transport.TransportException;

/**
 * One running HTTP server: wires the MCP server (through the bridge), the session registry, the handlers, the
 * plugins' endpoints (every other path) and the Helidon web server, and shuts them down in order. Created by
 * {@link #start}; {@link #stop()} is called once.
 */
final class McpHttpServer {

    private static final Logger LOG = LoggerFactory.getLogger(McpHttpServer.class);
    private static final Duration CANCEL_GRACE = Duration.ofSeconds(2);
    /** How often rate-limit buckets that refilled completely are dropped. */
    private static final long BUCKET_SWEEP_S = 30;

    private final WebServer web;
    private final McpServerHandle server;
    private final ModernServerHandle modern;
    private final SessionRegistry sessions;
    private final ServingState state;
    private final ScheduledExecutorService sweeper;
    private final Duration drainTimeout;
    private final HeldStreams held;

    private McpHttpServer(
            WebServer web,
            McpServerHandle server,
            ModernServerHandle modern,
            SessionRegistry sessions,
            ServingState state,
            ScheduledExecutorService sweeper,
            Duration drainTimeout,
            HeldStreams held) {
        this.web = web;
        this.server = server;
        this.modern = modern;
        this.sessions = sessions;
        this.state = state;
        this.sweeper = sweeper;
        this.drainTimeout = drainTimeout;
        this.held = held;
    }

    /**
     * Builds the MCP server and starts listening; returns once the socket is bound.
     *
     * @throws TransportException if an allowlist entry is malformed, or the address cannot be bound (the MCP server
     *                            is closed again)
     */
    static McpHttpServer start(HttpSettings settings, InetAddress address, TransportContext context) {
        PortCheck.ensureBindable(address, settings.port());
        RateLimits limits = new RateLimits(settings.rateLimit());
        RequestGate gate = new RequestGate(
                new AccessGate(
                        new OriginPolicy(settings.allowedHosts(), settings.allowedOrigins(), HttpSettings.PREFIX),
                        new BearerAuthentication(context.authenticator())),
                limits,
                settings.credentialRecheck());
        McpJsonMapper mapper = McpServerAssembly.jsonMapper();
        ClientMistakes mistakes = new ClientMistakes("http");
        ServingState state = new ServingState();
        SessionRegistry sessions = new SessionRegistry(settings.maxSessions(), settings.sessionIdleTimeout());
        List<String> versions = McpServerAssembly.protocolVersions(context.server());
        StreamableProvider provider = new StreamableProvider(sessions, versions);
        McpServerHandle server = McpServerAssembly.build(provider, context, CallerContext.resolver());
        ModernServerHandle modern = McpServerAssembly.buildModern(context);
        sessions.onEnded(ended -> server.sessionEnded(ended.sdkId()));
        Preconditions preconditions = new Preconditions(
                gate, new ProtocolVersions(versions, McpServerAssembly.supportedVersions(context.server())), sessions);
        MessageDispatcher dispatcher = new MessageDispatcher(
                preconditions,
                new Initializer(provider, sessions, state, mapper),
                new RequestStreams(server, state, mapper, settings.heartbeat()),
                server);
        ConnectionDeadlines deadlines = new ConnectionDeadlines(settings.wireTimeouts(), System::nanoTime);
        // The sessions' and buckets' sweeps, and each streamable modern request's first-heartbeat timer (ADR 53):
        // cancelled timers leave the queue at once, as thousands are scheduled and cancelled a second.
        ScheduledThreadPoolExecutor sweeper = new ScheduledThreadPoolExecutor(
                1,
                Thread.ofPlatform().daemon().name("switchboard-http-sessions").factory());
        sweeper.setRemoveOnCancelPolicy(true);
        PostHandler post = new PostHandler(
                preconditions,
                new BodyReader(settings.maxBodyBytes(), deadlines),
                new JsonRpcDecoder(settings.maxJsonDepth(), ProtocolRules.MAX_BATCH),
                dispatcher,
                mistakes,
                new ModernRequests(modern, state, mistakes, mapper, settings.heartbeat(), sweeper));
        GetHandler get = new GetHandler(preconditions, state, mapper, settings.heartbeat());
        HeldStreams held = new HeldStreams();
        EndpointHandler endpoints = new EndpointHandler(
                context.endpoints(), gate, new BodyReader(settings.maxBodyBytes(), deadlines), state, held);
        WebServer web;
        try {
            web = WebServer.builder()
                    .address(address)
                    .port(settings.port())
                    .shutdownHook(false)
                    .shutdownGracePeriod(Duration.ofMillis(500))
                    // One connection selector, HTTP/1.1 reading through MethodCaseCheck's recording reader, and no
                    // discovered protocol beside it: with two candidates Helidon picks by the first bytes and closes a
                    // bare-LF or over-long request line without an answer; with one HTTP/1.1 answers 400 or 414.
                    .protocolsDiscoverServices(false)
                    .addConnectionSelector(MethodCaseCheck.around(
                            Http1ConnectionSelector.builder()
                                    .config(http1Config(new MethodCaseCheck(), deadlines))
                                    .build(),
                            mistakes))
                    .directHandlers(WireRefusals.create(mistakes))
                    .idleConnectionTimeout(settings.wireTimeouts().idle())
                    .idleConnectionPeriod(
                            idleCheckPeriod(settings.wireTimeouts().idle()))
                    .routing(routing -> routing.addFilter(new ConnectionEnd())
                            .post("/mcp", post)
                            .get("/mcp", get)
                            .delete("/mcp", new DeleteHandler(preconditions, sessions, server))
                            .options("/mcp", new PreflightHandler(gate))
                            .any("/mcp", methodNotAllowed(gate))
                            .get("/healthz", HealthHandler.live(gate))
                            .get("/readyz", HealthHandler.ready(gate, state, context.readiness()))
                            // a load balancer's HEAD probe: the GET's status and headers, no body (Helidon drops it)
                            .head("/healthz", HealthHandler.live(gate))
                            .head("/readyz", HealthHandler.ready(gate, state, context.readiness()))
                            .any(endpoints))
                    .build()
                    .start();
        } catch (RuntimeException e) {
            sweeper.shutdownNow();
            server.close();
            modern.close();
            throw e;
        }
        if (!web.isRunning()) {
            // Helidon reports a failed bind (port in use, address not local) in its log and returns stopped.
            sweeper.shutdownNow();
            server.close();
            modern.close();
            throw new TransportException("the http transport could not listen on " + address.getHostAddress() + ":"
                    + settings.port() + ": the address is in use or not available (the log above says which)");
        }
        long every = Math.clamp(settings.sessionIdleTimeout().toMillis() / 4, 20L, 60_000L);
        sweeper.scheduleWithFixedDelay(sessions::expireIdle, every, every, TimeUnit.MILLISECONDS);
        sweeper.scheduleWithFixedDelay(limits::evictIdle, BUCKET_SWEEP_S, BUCKET_SWEEP_S, TimeUnit.SECONDS);
        long deadlineSweep =
                ConnectionDeadlines.sweepPeriod(settings.wireTimeouts()).toMillis();
        sweeper.scheduleWithFixedDelay(deadlines::sweep, deadlineSweep, deadlineSweep, TimeUnit.MILLISECONDS);
        return new McpHttpServer(web, server, modern, sessions, state, sweeper, settings.drainTimeout(), held);
    }

    /** @return the MCP sessions open now */
    int openSessions() {
        return sessions.all().size();
    }

    /** @return the bound port */
    int port() {
        return web.port();
    }

    /**
     * {@code /readyz} answers 503 and new requests are refused ({@code /healthz} stays 200: the process lives); plugins' held streams are told their client is gone, and modern-era listen streams end with their results;
     * running requests get up to the drain timeout, then the
     * rest are cancelled as the server stopping (a tool's CANCELLED then answers UNAVAILABLE), with a short grace to
     * write their answers; sessions end; the server stops. Blocks.
     */
    void stop() {
        state.beginStopping();
        held.releaseAll();
        modern.endStreams();
        if (!state.awaitIdle(drainTimeout)) {
            LOG.warn("MCP requests still running after {}; cancelling them", drainTimeout);
            sessions.all().forEach(session -> server.stopSession(session.sdkId()));
            modern.cancelRunning();
            state.awaitIdle(CANCEL_GRACE);
        }
        sweeper.shutdownNow();
        sessions.closeAll();
        server.closeGracefully();
        modern.close();
        web.stop();
    }

    /**
     * @return HTTP/1.1 with request lines up to {@link WireRefusals#MAX_REQUEST_LINE}, methods in capitals only and the
     *     header timeout. Host is
     *     checked by the RequestGate, which answers 403 as MCP asks; Helidon's own check would answer a malformed Host
     *     (user@host) with 400 before routing. Should the switch go, such requests are still refused before any
     *     JSON-RPC handling, only with 400.
     */
    // Http1Config.validateRequestHostHeader is deprecated for removal (Helidon 27).
    @SuppressWarnings("removal")
    private static Http1Config http1Config(MethodCaseCheck methodCase, ConnectionDeadlines deadlines) {
        return Http1Config.builder()
                .validateRequestHostHeader(false)
                .maxPrologueLength(WireRefusals.MAX_REQUEST_LINE)
                .maxHeadersSize(WireRefusals.MAX_HEADER_SECTION)
                // one listener: Helidon 4.5 composes several into one that forwards nothing (ListFrameListener)
                .addReceiveListener(new Http1ConnectionListener() {
                    @Override
                    public void prologue(ConnectionContext ctx, HttpPrologue prologue) {
                        methodCase.prologue(ctx, prologue);
                        deadlines.prologue(ctx, prologue);
                    }

                    @Override
                    public void headers(ConnectionContext ctx, Headers headers) {
                        deadlines.headers(ctx, headers);
                        methodCase.headers(ctx, headers);
                        RequestFraming.check(headers);
                    }
                })
                .build();
    }

    /** @return how often Helidon looks for idle connections: a quarter of the idle timeout, from 10 ms to 5 s */
    private static Duration idleCheckPeriod(Duration idle) {
        return Duration.ofMillis(Math.clamp(idle.toMillis() / 4, 10L, 5_000L));
    }

    private static Handler methodNotAllowed(RequestGate gate) {
        return (request, response) -> {
            if (gate.checkOrigin(request, response)) {
                response.header(HeaderNames.ALLOW, PreflightHandler.METHODS);
                Replies.error(
                        response,
                        Status.METHOD_NOT_ALLOWED_405,
                        Replies.SERVER_ERROR,
                        "Method Not Allowed: use POST, GET or DELETE on /mcp");
            }
        };
    }
}
