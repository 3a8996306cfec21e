package dev.switchboard.plugin.transport.http;

import java.util.regex.Pattern;

import io.helidon.http.DirectHandler;
import io.helidon.http.HeaderNames;
import io.helidon.http.RequestException;
import io.helidon.http.ServerRequestHeaders;
import io.helidon.http.ServerResponseHeaders;
import io.helidon.http.Status;
import io.helidon.webserver.http.DirectHandlers;

import dev.switchboard.bridge.mcp.transport.ClientMistakes;
import dev.switchboard.bridge.mcp.transport.JsonRpcErrors;

/**
 * The answers to requests Helidon refuses before any route runs (a bare LF or other malformed request line or
 * header, a malformed percent-escape in the path (said so) or the query, a request line longer than
 * {@link #MAX_REQUEST_LINE} (414), a header section over Helidon's limit, HTTP/1.0):
 * the transport's JSON-RPC error body instead of Helidon's empty or plain-text one, a fixed message that echoes
 * nothing the client sent, {@code Connection: close}, and one rate-limited line at the client-mistake level instead of
 * a stack trace. Helidon hands a direct handler no cause (its messages are not "safe"), so the transport's own checks
 * that run first ({@link RequestFraming}, {@link MethodCaseCheck}) throw a {@link #refusal} carrying the client's
 * mistake in words; anything Helidon refuses by itself gets the text of its status. Thread-safe.
 */
final class WireRefusals implements DirectHandler {

    /** The longest request line (method, target and version) accepted, in bytes; a longer one gets 414. */
    static final int MAX_REQUEST_LINE = 8192;

    /** The largest header section accepted, in bytes (Helidon's default); a larger one gets 431. */
    static final int MAX_HEADER_SECTION = 16384;

    /** A {@code %} not followed by two hexadecimal digits: a request target no one can decode. */
    private static final Pattern BAD_ESCAPE = Pattern.compile("%(?![0-9A-Fa-f]{2})");

    private static final String BAD_ESCAPE_TEXT = "Bad Request: the request target has a malformed percent-escape (a"
            + " '%' must be followed by two hexadecimal digits; write a literal '%' as %25)";

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

    /**
     * @param status the status to answer, a 4xx
     * @param text the client's mistake in words, echoing nothing it sent: the error message of the answer
     * @return an exception that closes the connection after the answer; throw it from a connection listener or reader
     */
    static RequestException refusal(Status status, String text) {
        return RequestException.builder()
                .type(EventType.BAD_REQUEST)
                .status(status)
                .setKeepAlive(false)
                .request(new Explained(text))
                .message(text)
                .build();
    }

    @Override
    public TransportResponse handle(
            TransportRequest request,
            EventType eventType,
            Status status,
            ServerResponseHeaders headers,
            String message) {
        String text = request instanceof Explained explained ? explained.text() : explain(request, status);
        boolean clientMistake = status.code() >= 400 && status.code() < 500;
        if (clientMistake) {
            mistakes.record("malformed HTTP request (" + status.code()
                    + (request instanceof Explained e ? ": " + e.text() : "") + ")");
        }
        return TransportResponse.builder()
                .status(status)
                .headers(headers)
                .header(HeaderNames.CONTENT_TYPE, McpHeaders.APPLICATION_JSON)
                .keepAlive(false)
                .entity(Replies.jsonBytes(JsonRpcErrors.error(null, Replies.SERVER_ERROR, text)))
                .build();
    }

    /** @return the request's path as Helidon read it, or empty when it had none to give */
    private static String targetOf(TransportRequest request) {
        try {
            return String.valueOf(request.path());
        } catch (RuntimeException e) {
            return "";
        }
    }

    private static String explain(TransportRequest request, Status status) {
        if (status.code() == 400 && BAD_ESCAPE.matcher(targetOf(request)).find()) {
            return BAD_ESCAPE_TEXT;
        }
        return switch (status.code()) {
            case 400 ->
                "Bad Request: the request is not valid HTTP/1.1 (lines must end with CRLF; methods are"
                        + " case-sensitive; a '%' in the target must start a two-digit hexadecimal escape)";
            case 413 -> "Payload Too Large: the request is larger than this server accepts";
            case 414 -> "URI Too Long: the request line is limited to " + MAX_REQUEST_LINE + " bytes";
            case 431 -> "Request Header Fields Too Large: the header section is larger than this server accepts";
            case 505 -> "HTTP Version Not Supported: use HTTP/1.1";
            default -> status.code() + " " + status.reasonPhrase();
        };
    }

    /** The request of a {@link #refusal}: nothing of what the client sent, only the refusal's text. */
    private record Explained(String text) implements TransportRequest {

        @Override
        public String protocolVersion() {
            return "";
        }

        @Override
        public String method() {
            return "";
        }

        @Override
        public String path() {
            return "";
        }

        @Override
        public ServerRequestHeaders headers() {
            return TransportRequest.empty().headers();
        }
    }
}
