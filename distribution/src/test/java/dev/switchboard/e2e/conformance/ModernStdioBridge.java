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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
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
 * -32020, -32021, -32022; 404 for -32601). Notifications a request's call writes (progress by its token; anything
 * else while it is the only call in flight) go back before its answer on an SSE stream when the client accepts one.
 * Closing it ends the server's input and waits for it to exit. For one test class at a time.
 */
public final class ModernStdioBridge implements AutoCloseable {

    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(20);
    private static final Duration ANSWER_TIMEOUT = Duration.ofSeconds(60);
    private static final Set<String> LOOPBACK = Set.of("localhost", "127.0.0.1", "[::1]", "::1");
    private static final JsonMapper JSON = JsonMapper.shared();

    private final Process server;
    private final Writer toServer;
    private final HttpServer http;
    private final Path log;
    private final AtomicLong nextId = new AtomicLong();
    private final Map<String, Call> calls = new ConcurrentHashMap<>();

    /** A request in flight: its client id, the notifications for it so far, its answer once it came. */
    private record Call(
            JsonNode clientId, JsonNode progressToken, List<JsonNode> notes, CompletableFuture<JsonNode> answer) {}

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
        calls.values().forEach(call -> call.answer().completeExceptionally(new IOException("the server exited")));
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
                call.answer().complete(message);
            }
            return;
        }
        routeNotification(message);
    }

    private void routeNotification(JsonNode message) {
        JsonNode token = message.path("params").path("progressToken");
        List<Call> inFlight = new ArrayList<>(calls.values());
        for (Call call : inFlight) {
            if (!token.isMissingNode() && token.equals(call.progressToken())) {
                call.notes().add(message);
                return;
            }
        }
        if (token.isMissingNode() && inFlight.size() == 1) {
            inFlight.getFirst().notes().add(message);
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
                new CopyOnWriteArrayList<>(),
                new CompletableFuture<>());
        calls.put(bridgeId, call);
        tree.put("id", bridgeId);
        send(tree);
        JsonNode answer;
        try {
            answer = call.answer().get(ANSWER_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            calls.remove(bridgeId);
            json(exchange, 502, error(call.clientId(), -32_603, "the stdio server gave no answer: " + e));
            return;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        ((ObjectNode) answer).set("id", call.clientId());
        int status = status(answer);
        String accept = exchange.getRequestHeaders().getFirst("Accept");
        if (!call.notes().isEmpty() && accept != null && accept.contains("text/event-stream")) {
            exchange.getResponseHeaders().set("Content-Type", "text/event-stream");
            exchange.sendResponseHeaders(status, 0);
            try (OutputStream out = exchange.getResponseBody()) {
                for (JsonNode note : call.notes()) {
                    out.write(("event: message\ndata: " + note + "\n\n").getBytes(StandardCharsets.UTF_8));
                }
                out.write(("event: message\ndata: " + answer + "\n\n").getBytes(StandardCharsets.UTF_8));
            }
            return;
        }
        json(exchange, status, answer.toString());
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
