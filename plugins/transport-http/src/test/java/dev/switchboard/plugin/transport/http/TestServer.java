package dev.switchboard.plugin.transport.http;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import dev.switchboard.ports.plugin.PluginContext;
import dev.switchboard.ports.transport.TransportContext;

/**
 * A started {@link HttpTransport} on an ephemeral loopback port, with short heartbeats, and MCP requests written
 * with the headers a correct client sends. Stops on close.
 */
final class TestServer implements AutoCloseable {

    static final String VERSION = "2025-11-25";
    static final String MODERN_VERSION = "2026-07-28";

    final HttpTransport transport;
    final int port;

    private TestServer(HttpTransport transport) {
        this.transport = transport;
        this.port = transport.port();
    }

    /**
     * A heartbeat long enough that a modern call answers with one JSON body and its own status however loaded the
     * host: a call still running at the first heartbeat answers an event stream, status 200 (ADR 45), and the
     * default 100 ms of these tests is shorter than a first call's class loading on a busy host.
     */
    static final Map<String, Object> ANSWERS_AT_ONCE = Map.of("sse-heartbeat-ms", 10_000);

    /** @param overrides settings on top of {@code port: 0} and {@code sse-heartbeat-ms: 100} */
    static TestServer start(TransportContext context, Map<String, Object> overrides) {
        Map<String, Object> config = new HashMap<>(Map.of("port", 0, "sse-heartbeat-ms", 100));
        config.putAll(overrides);
        HttpTransport transport = new HttpTransport(new PluginContext("transport-http", config, Path.of("target")));
        transport.start(context);
        return new TestServer(transport);
    }

    static TestServer start(TransportContext context) {
        return start(context, Map.of());
    }

    String url() {
        return "http://127.0.0.1:" + port;
    }

    /** A POST to /mcp with a correct client's headers, as {@code token}'s principal. */
    RawHttp post(String token, String sessionId, String json) {
        RawHttp request = RawHttp.request("POST", "/mcp")
                .header("Accept", "application/json, text/event-stream")
                .header("Content-Type", "application/json")
                .header("MCP-Protocol-Version", VERSION)
                .body(json);
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        if (sessionId != null) {
            request.header("Mcp-Session-Id", sessionId);
        }
        return request;
    }

    /** Initializes a session as {@code token}'s principal; returns its id. */
    String initialize(String token) throws IOException {
        return initialize(token, VERSION);
    }

    /** Initializes a session on protocol {@code version} as {@code token}'s principal; returns its id. */
    String initialize(String token, String version) throws IOException {
        RawHttp.Response response = post(token, null, initializeRequest(1).replace(VERSION, version))
                .header("MCP-Protocol-Version", version)
                .send(port);
        if (response.status() != 200 || response.header("Mcp-Session-Id") == null) {
            throw new IOException("initialize failed: " + response.status() + " " + response.text());
        }
        post(token, response.header("Mcp-Session-Id"), "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}")
                .send(port);
        return response.header("Mcp-Session-Id");
    }

    static String initializeRequest(int id) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"initialize\",\"params\":{\"protocolVersion\":\""
                + VERSION + "\",\"capabilities\":{},\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}}";
    }

    static String call(int id, String tool) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool
                + "\",\"arguments\":{}}}";
    }

    static String request(int id, String method, String params) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"" + method + "\",\"params\":" + params + "}";
    }

    /** A modern request with a correct client's headers; {@code name} is the {@code Mcp-Name} (null for none). */
    static RawHttp modern(String token, int id, String method, String params, String name) {
        RawHttp request = RawHttp.request("POST", "/mcp")
                .header("Accept", "application/json, text/event-stream")
                .header("Content-Type", "application/json")
                .header("MCP-Protocol-Version", MODERN_VERSION)
                .header("Mcp-Method", method)
                .body(modernRequest(id, method, params, MODERN_VERSION));
        if (name != null) {
            request.header("Mcp-Name", name);
        }
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        return request;
    }

    /** @return the request with the modern era's {@code _meta} added to {@code params} (a JSON object) */
    static String modernRequest(int id, String method, String params, String version) {
        String meta = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"" + version
                + "\",\"io.modelcontextprotocol/clientCapabilities\":{},"
                + "\"io.modelcontextprotocol/clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}";
        String withMeta =
                params.equals("{}") ? "{" + meta + "}" : params.substring(0, params.length() - 1) + "," + meta + "}";
        return TestServer.request(id, method, withMeta);
    }

    @Override
    public void close() {
        transport.stop();
    }
}
