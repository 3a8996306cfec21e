package dev.switchboard.plugin.transport.http;

import io.helidon.http.HeaderName;
import io.helidon.http.HeaderNames;

/** The HTTP header names of MCP's streamable HTTP transport, and the media types it speaks. */
final class McpHeaders {

    static final HeaderName SESSION_ID = HeaderNames.create("Mcp-Session-Id");
    static final HeaderName PROTOCOL_VERSION = HeaderNames.create("MCP-Protocol-Version");
    static final HeaderName LAST_EVENT_ID = HeaderNames.create("Last-Event-ID");
    static final HeaderName CACHE_CONTROL = HeaderNames.CACHE_CONTROL;
    static final HeaderName VARY = HeaderNames.VARY;

    static final String APPLICATION_JSON = "application/json";
    static final String TEXT_EVENT_STREAM = "text/event-stream";

    private McpHeaders() {}
}
