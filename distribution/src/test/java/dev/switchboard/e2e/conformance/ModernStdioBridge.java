package dev.switchboard.e2e.conformance;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import io.modelcontextprotocol.spec.McpSchema;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import dev.switchboard.bridge.mcp.McpServerAssembly;
import dev.switchboard.bridge.mcp.transport.ModernEra;
import dev.switchboard.bridge.mcp.transport.ModernHeaders;
import dev.switchboard.testkit.distribution.Installation;

/**
 * A test-only streamable HTTP front for the modern era (MCP 2026-07-28) of {@code bin/switchboard serve} over stdio, so
 * that the official conformance suite, which speaks HTTP only, can test the stdio transport's modern era. The modern
 * era is stateless, so the whole run is served by ONE {@code switchboard serve} process (where the legacy bridge,
 * {@link StdioBridge}, starts one per session): every POSTed request is written to it as one line under an id of the
 * bridge's own (so that concurrent requests never share an id) and answered with the line that carries that id back,
 * under the client's id. A request that claims no modern version reaches the same process's legacy session (the suite's
 * modern-era run sends none that matter).
 *
 * <p>What the suite checks of the HTTP layer is this front's, done as ADR 42 tells a third-party transport to do it:
 * Host and Origin must be loopback names (else 403); only POST on {@code /mcp} (GET and DELETE 405, the era has
 * neither); a modern request's headers are checked with the bridge's own {@link ModernHeaders#mismatch} (-32020, HTTP
 * 400) before it reaches the server; an error's HTTP status is the SDK's mapping (400 for -32700, -32600, -32602,
 * -32020, -32021, -32022; 404 for -32601). The notification lines written for a request (a listen stream's by the
 * subscription id in their {@code _meta}, which is the request's id; a call's progress by its token; anything else
 * while it is the only call in flight) are streamed to the client as they come, as SSE events before its answer, when
 * the client accepts an event stream: so {@code subscriptions/listen}, which has no answer, is an open stream of its
 * acknowledgement and changes. A stream whose client went away (found by a keep-alive comment each second) is
 * cancelled on the server ({@code notifications/cancelled}). Closing the front ends the server's input and waits for
 * it to exit. For one test class at a time.
 */
public final class ModernStdioBridge implements AutoCloseable {

    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(20);
    private static final Duration ANSWER_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration KEEP_ALIVE = Duration.ofSeconds(1);
    private static final String SUBSCRIPTION_ID = "io.modelcontextprotocol/subscriptionId";
    private static final Set<String> LOOPBACK = Set.of("localhost", "127.0.0.1", "[::1]", "::1");
    private static final JsonMapper JSON = JsonMapper.shared();
    /** Put on every open request's events when the server's output ended. */
    private static final JsonNode EXITED = JSON.createObjectNode().put("exited", true);

    private final Process server;
    private final Writer toServer;
    private final HttpServer http;
    private final Path log;
    private final AtomicLong nextId = new AtomicLong();
    private final Map<String, Call> calls = new ConcurrentHashMap<>();

    /**
     * A request in flight: its client id, its progress token, whether it is a listen stream, and its events as they
     * come (notifications, then its answer, or {@link #EXITED}).
     */
    private record Call(JsonNode clientId, JsonNode progressToken, boolean listen, BlockingQueue<JsonNode> events) {}

    private ModernStdioBridge(Process server, HttpServer http, Path log) {
        this.server = server;
        this.toServer = new OutputStreamWriter(server.getOutputStream(), StandardCharsets.UTF_8);
        this.http = http;
        this.log = log;
    }

    /**
     * Starts one {@code switchboard serve} over stdio and the HTTP front for it.
     *
     * @param installation what to serve
     * @param log          where the server's stderr goes
     * @return the bridge, accepting connections
     */
    public static ModernStdioBridge start(Installation installation, Path log) {
        ProcessBuilder builder = new ProcessBuilder(installation.launcher().toString(), "serve")
                .directory(installation.home().toFile())
                .redirectError(log.toFile());
        builder.environment().putAll(installation.environment());
        try {
            Files.createDirectories(log.getParent());
            Process process = builder.start();
            HttpServer http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            ModernStdioBridge bridge = new ModernStdioBridge(process, http, log);
            Thread.ofPlatform().daemon().name("modern-stdio-bridge-reader").start(bridge::readServer);
            http.createContext("/", bridge::handle);
            http.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
            http.start();
            return bridge;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the modern stdio bridge", e);
        }
    }

    /** @return the streamable HTTP endpoint, on 127.0.0.1 */
    public String url() {
        return "http://127.0.0.1:" + http.getAddress().getPort() + "/mcp";
    }

    /** @return the server's stderr so far, for failure messages */
    public String log() {
        try {
            return Files.isRegularFile(log) ? Files.readString(log, StandardCharsets.UTF_8) : "";
        } catch (IOException e) {
            return "(cannot read " + log + ": " + e + ")";
        }
    }

    /** @return true while the one server process runs (the whole run must be served by it) */
    public boolean serverAlive() {
        return server.isAlive();
    }

    @Override
    public void close() {
        http.stop(0);
        try {
            server.getOutputStream().close();
            if (!server.waitFor(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                server.destroyForcibly().waitFor(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            }
        } catch (IOException e) {
            server.destroyForcibly();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            server.destroyForcibly();
        }
    }

    private void readServer() {
        try (BufferedReader lines =
                new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = lines.readLine()) != null) {
                fromServer(line);
            }
        } catch (IOException ended) {
            // the server's output ended with it; calls still open fail on their timeout
        }
        calls.values().forEach(call -> call.events().add(EXITED));
    }

    private void fromServer(String line) {
        JsonNode message;
        try {
            message = JSON.readTree(line);
        } catch (RuntimeException notJson) {
            return;
        }
        if (message.has("id") && !message.has("method")) {
            Call call = calls.remove(message.path("id").asString(""));
            if (call != null) {
                call.events().add(message);
            }
            return;
        }
        routeNotification(message);
    }

    private void routeNotification(JsonNode message) {
        JsonNode meta = message.path("params").path("_meta");
        JsonNode subscription = meta.path(SUBSCRIPTION_ID);
        if (subscription.isString()) {
            Call listen = calls.get(subscription.asString());
            if (listen != null) {
                ((ObjectNode) meta).set(SUBSCRIPTION_ID, listen.clientId());
                listen.events().add(message);
            }
            return;
        }
        JsonNode token = message.path("params").path("progressToken");
        List<Call> inFlight = new ArrayList<>();
        calls.values().stream().filter(call -> !call.listen()).forEach(inFlight::add);
        for (Call call : inFlight) {
            if (!token.isMissingNode() && token.equals(call.progressToken())) {
                call.events().add(message);
                return;
            }
        }
        if (token.isMissingNode() && inFlight.size() == 1) {
            inFlight.getFirst().events().add(message);
        }
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            if (!loopback(exchange)) {
                plain(exchange, 403, "Forbidden: Host or Origin is not a loopback name");
                return;
            }
            if (!exchange.getRequestURI().getPath().equals("/mcp")) {
                plain(exchange, 404, "Not found");
                return;
            }
            if (!exchange.getRequestMethod().equals("POST")) {
                exchange.getResponseHeaders().set("Allow", "POST");
                plain(exchange, 405, "Method not allowed: the modern era has neither GET nor DELETE");
                return;
            }
            String contentType = exchange.getRequestHeaders().getFirst("Content-Type");
            if (contentType == null || !contentType.contains("application/json")) {
                plain(exchange, 415, "Content-Type must be application/json");
                return;
            }
            post(exchange, exchange.getRequestBody().readAllBytes());
        }
    }

    private void post(HttpExchange exchange, byte[] body) throws IOException {
        McpSchema.JSONRPCMessage message;
        ObjectNode tree;
        try {
            String text = new String(body, StandardCharsets.UTF_8);
            message = McpSchema.deserializeJsonRpcMessage(McpServerAssembly.jsonMapper(), text);
            tree = (ObjectNode) JSON.readTree(text);
        } catch (RuntimeException | IOException malformed) {
            json(exchange, 400, error(null, -32_700, "Parse error"));
            return;
        }
        if (!(message instanceof McpSchema.JSONRPCRequest request)) {
            send(tree);
            exchange.sendResponseHeaders(202, -1);
            return;
        }
        Optional<String> mismatch = ModernEra.claims(request)
                ? ModernHeaders.mismatch(request, name -> {
                    List<String> values = exchange.getRequestHeaders().get(name);
                    return values == null ? List.of() : values;
                })
                : Optional.empty();
        if (mismatch.isPresent()) {
            json(exchange, 400, error(tree.get("id"), ModernEra.HEADER_MISMATCH, mismatch.get()));
            return;
        }
        String bridgeId = "bridge-" + nextId.incrementAndGet();
        Call call = new Call(
                tree.get("id"),
                tree.path("params").path("_meta").path("progressToken"),
                "subscriptions/listen".equals(request.method()),
                new LinkedBlockingQueue<>());
        calls.put(bridgeId, call);
        tree.put("id", bridgeId);
        send(tree);
        String accept = exchange.getRequestHeaders().getFirst("Accept");
        boolean streams = accept != null && accept.contains("text/event-stream");
        long deadline = System.nanoTime() + ANSWER_TIMEOUT.toNanos();
        try {
            JsonNode first = call.events().poll(ANSWER_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            while (first != null && first != EXITED && isNotification(first) && !streams) {
                first = call.events().poll(remaining(deadline), TimeUnit.MILLISECONDS);
            }
            if (first == null || first == EXITED) {
                giveUp(bridgeId);
                json(exchange, 502, error(call.clientId(), -32_603, "the stdio server gave no answer"));
                return;
            }
            if (!isNotification(first)) {
                ((ObjectNode) first).set("id", call.clientId());
                json(exchange, status(first), first.toString());
                return;
            }
            stream(exchange, bridgeId, call, first, deadline);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            giveUp(bridgeId);
        }
    }

    /**
     * Streams a request's events as SSE, {@code first} first, until its answer (written last), the server's exit, the
     * client going away (the request is then cancelled on the server), or, for a call, {@link #ANSWER_TIMEOUT}.
     */
    private void stream(HttpExchange exchange, String bridgeId, Call call, JsonNode first, long deadline)
            throws IOException, InterruptedException {
        exchange.getResponseHeaders().set("Content-Type", "text/event-stream");
        exchange.sendResponseHeaders(200, 0);
        OutputStream out = exchange.getResponseBody();
        try {
            JsonNode event = first;
            while (event != EXITED) {
                if (event == null) {
                    if (!call.listen() && System.nanoTime() > deadline) {
                        giveUp(bridgeId);
                        event(out, error(call.clientId(), -32_603, "the stdio server gave no answer"));
                        return;
                    }
                    out.write(": keep-alive\n\n".getBytes(StandardCharsets.UTF_8));
                    out.flush();
                } else if (isNotification(event)) {
                    event(out, event.toString());
                } else {
                    ((ObjectNode) event).set("id", call.clientId());
                    event(out, event.toString());
                    return;
                }
                event = call.events().poll(KEEP_ALIVE.toMillis(), TimeUnit.MILLISECONDS);
            }
        } catch (IOException clientGone) {
            giveUp(bridgeId);
        }
    }

    private static void event(OutputStream out, String data) throws IOException {
        out.write(("event: message\ndata: " + data + "\n\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    /** Forgets a request still open and cancels it on the server, so a listen stream stops following. */
    private void giveUp(String bridgeId) {
        if (calls.remove(bridgeId) == null) {
            return;
        }
        ObjectNode cancel = JSON.createObjectNode();
        cancel.put("jsonrpc", "2.0");
        cancel.put("method", "notifications/cancelled");
        cancel.putObject("params").put("requestId", bridgeId);
        try {
            send(cancel);
        } catch (IOException serverGone) {
            // nothing left to cancel
        }
    }

    private static boolean isNotification(JsonNode event) {
        return event.has("method");
    }

    private static long remaining(long deadline) {
        return Math.max(0, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime()));
    }

    private synchronized void send(JsonNode message) throws IOException {
        toServer.write(message.toString());
        toServer.write('\n');
        toServer.flush();
    }

    /** The SDK's mapping of a modern error to an HTTP status (ADR 42). */
    private static int status(JsonNode answer) {
        JsonNode code = answer.path("error").path("code");
        if (!code.isNumber()) {
            return 200;
        }
        return switch (code.asInt()) {
            case -32_700, -32_600, -32_602, -32_020, -32_021, -32_022 -> 400;
            case -32_601 -> 404;
            default -> 200;
        };
    }

    private static boolean loopback(HttpExchange exchange) {
        String host = exchange.getRequestHeaders().getFirst("Host");
        String origin = exchange.getRequestHeaders().getFirst("Origin");
        try {
            if (host == null || !LOOPBACK.contains(URI.create("http://" + host).getHost())) {
                return false;
            }
            return origin == null || LOOPBACK.contains(URI.create(origin).getHost());
        } catch (IllegalArgumentException malformed) {
            return false;
        }
    }

    private static String error(JsonNode id, int code, String message) {
        ObjectNode error = JSON.createObjectNode();
        error.put("jsonrpc", "2.0");
        error.set("id", id);
        error.putObject("error").put("code", code).put("message", message);
        return error.toString();
    }

    private static void plain(HttpExchange exchange, int status, String text) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "text/plain");
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
    }

    private static void json(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
    }
}
