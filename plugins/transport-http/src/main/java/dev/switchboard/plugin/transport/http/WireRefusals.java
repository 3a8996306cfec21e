package dev.switchboard.plugin.transport.http;

import io.helidon.http.DirectHandler;
import io.helidon.http.HeaderNames;
import io.helidon.http.ServerResponseHeaders;
import io.helidon.http.Status;
import io.helidon.webserver.http.DirectHandlers;

import dev.switchboard.bridge.mcp.transport.ClientMistakes;
import dev.switchboard.bridge.mcp.transport.JsonRpcErrors;

/**
 * The answers to requests Helidon refuses before any route runs (a bare LF or other malformed request line or
 * header, a request line longer than {@link #MAX_REQUEST_LINE} (414), a header section over Helidon's limit, HTTP/1.0):
 * the transport's JSON-RPC error body instead of Helidon's empty or plain-text one, a fixed message that echoes
 * nothing the client sent, {@code Connection: close}, and one rate-limited line at the client-mistake level instead of
 * a stack trace. Thread-safe.
 */
final class WireRefusals implements DirectHandler {

    /** The longest request line (method, target and version) accepted, in bytes; a longer one gets 414. */
    static final int MAX_REQUEST_LINE = 8192;

    private final ClientMistakes mistakes;

    private WireRefusals(ClientMistakes mistakes) {
        this.mistakes = mistakes;
    }

    /** @return direct handlers answering every event type with this transport's error body */
    static DirectHandlers create(ClientMistakes mistakes) {
        WireRefusals handler = new WireRefusals(mistakes);
        DirectHandlers.Builder handlers = DirectHandlers.builder();
        for (EventType type : EventType.values()) {
            handlers.addHandler(type, handler);
        }
        return handlers.build();
    }

    @Override
    public TransportResponse handle(
            TransportRequest request,
            EventType eventType,
            Status status,
            ServerResponseHeaders headers,
            String message) {
        boolean clientMistake = status.code() >= 400 && status.code() < 500;
        if (clientMistake) {
            mistakes.record("malformed HTTP request (" + status.code() + ")");
        }
        return TransportResponse.builder()
                .status(status)
                .headers(headers)
                .header(HeaderNames.CONTENT_TYPE, McpHeaders.APPLICATION_JSON)
                .keepAlive(false)
                .entity(Replies.jsonBytes(JsonRpcErrors.error(null, Replies.SERVER_ERROR, explain(status))))
                .build();
    }

    private static String explain(Status status) {
        return switch (status.code()) {
            case 400 ->
                "Bad Request: the request is not valid HTTP/1.1 (lines must end with CRLF; methods are"
                        + " case-sensitive)";
            case 413 -> "Payload Too Large: the request is larger than this server accepts";
            case 414 -> "URI Too Long: the request line is limited to " + MAX_REQUEST_LINE + " bytes";
            case 431 -> "Request Header Fields Too Large: the header section is larger than this server accepts";
            case 505 -> "HTTP Version Not Supported: use HTTP/1.1";
            default -> status.code() + " " + status.reasonPhrase();
        };
    }
}
