package dev.switchboard.plugin.transport.http;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.Collections;

import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.http.ServerResponse;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;

/**
 * Writes MCP messages to one HTTP response, either as a single JSON body or as a Server-Sent Events stream (one
 * {@code message} event per JSON-RPC message, comment lines as heartbeats). The events of a POST's response carry no
 * ids: nothing of them is kept for replay, so clients are not invited to resume them. The events of a GET stream carry
 * the ids of its {@link ResumableStream}, which a reconnecting client names in {@code Last-Event-ID}. Used by the
 * request's own thread only. Every write failure means the client has gone and is reported as {@link IOException}.
 */
final class ResponseWriter {

    private static final byte[] EVENT_PREFIX = "event: message\ndata: ".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] EVENT_SUFFIX = "\n\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] HEARTBEAT = ": keep-alive\n\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] ID_PREFIX = "id: ".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] MESSAGE_DATA = "\nevent: message\ndata: ".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] NO_DATA = "\ndata:\n\n".getBytes(StandardCharsets.US_ASCII);

    private static final String UNANSWERED =
            "the stream ended before an answer was ready (the server is stopping or the session ended)";

    private final ServerResponse response;
    private final McpJsonMapper mapper;
    private OutputStream events;

    ResponseWriter(ServerResponse response, McpJsonMapper mapper) {
        this.response = response;
        this.mapper = mapper;
    }

    /** @return whether the response has been committed to an event stream */
    boolean streaming() {
        return events != null;
    }

    /** Answers with one JSON body; only before the stream has begun. */
    void json(McpSchema.JSONRPCMessage message) throws IOException {
        byte[] body = mapper.writeValueAsBytes(message);
        try {
            response.status(Status.OK_200);
            response.header(HeaderNames.CONTENT_TYPE, McpHeaders.APPLICATION_JSON);
            response.send(body);
        } catch (RuntimeException e) {
            throw new IOException("the client went away", e);
        }
    }

    /** Sends the status and headers of an event stream, if not done yet. */
    void beginStream() throws IOException {
        if (events != null) {
            return;
        }
        try {
            response.status(Status.OK_200);
            response.header(HeaderNames.CONTENT_TYPE, McpHeaders.TEXT_EVENT_STREAM);
            response.header(McpHeaders.CACHE_CONTROL, "no-cache, no-transform");
            events = response.outputStream();
            events.flush();
        } catch (RuntimeException e) {
            throw new IOException("the client went away", e);
        }
    }

    /** Ends a response that has nothing to carry as an empty event stream (only before anything was sent). */
    void emptyStream() {
        try {
            beginStream();
        } catch (IOException e) {
            // the client went away
        }
    }

    /** Writes one event without an id: a JSON-RPC message of either era, or one as a JSON object of JDK types. */
    void event(Object message) throws IOException {
        byte[] json = mapper.writeValueAsBytes(message);
        beginStream();
        write(EVENT_PREFIX, json, EVENT_SUFFIX);
    }

    /**
     * Writes one event of a GET stream with its id.
     *
     * @param id   the event's id in the session's {@link ResumableStream}
     * @param json the JSON-RPC message, encoded
     */
    void event(long id, byte[] json) throws IOException {
        beginStream();
        write(ID_PREFIX, Long.toString(id).getBytes(StandardCharsets.US_ASCII), MESSAGE_DATA, json, EVENT_SUFFIX);
    }

    /**
     * Writes a priming event (MCP 2025-11-25, SEP-1699): an id and an empty {@code data}, which clients skip as a
     * message but remember as their {@code Last-Event-ID}.
     *
     * @param id the id of the last event the stream's connection starts after (0 before any)
     */
    void priming(long id) throws IOException {
        beginStream();
        write(ID_PREFIX, Long.toString(id).getBytes(StandardCharsets.US_ASCII), NO_DATA);
    }

    /**
     * Withholds the answers of requests whose credential failed its second lookup while they were held (ADR 27):
     * with the status of {@code why} (403, or 503 with {@code Retry-After}) and one JSON-RPC error when nothing was
     * sent yet and at most one request is concerned, otherwise one error event per request (one with a null id when
     * none is named, as on a GET stream).
     *
     * @param ids the requests whose answers are withheld
     * @param why the credential is gone, or the store could not say
     */
    void withheld(Collection<Object> ids, Withheld why) throws IOException {
        if (events == null && ids.size() <= 1 && !response.isSent()) {
            try {
                Replies.withheld(
                        response, why, ids.isEmpty() ? null : ids.iterator().next());
                return;
            } catch (RuntimeException e) {
                throw new IOException("the client went away", e);
            }
        }
        beginStream();
        for (Object id : ids.isEmpty() ? Collections.singletonList(null) : ids) {
            write(EVENT_PREFIX, mapper.writeValueAsBytes(why.body(id)), EVENT_SUFFIX);
        }
    }

    void heartbeat() throws IOException {
        beginStream();
        write(HEARTBEAT);
    }

    /**
     * Ends the response; failures are ignored (the client may be gone). A response that never got anything is
     * answered 503: the stream was ended (session deleted, server stopping) before an answer was ready.
     */
    void finish() {
        finish(null);
    }

    /**
     * Ends the response. A request left without an answer gets a JSON-RPC error naming it, so the client can match
     * it: as a last event of a stream already begun, or as a 503 body when nothing was sent yet.
     *
     * @param unansweredId the id of the one request left without an answer, or null
     */
    void finish(Object unansweredId) {
        try {
            if (events != null) {
                if (unansweredId != null) {
                    event(new McpSchema.JSONRPCResponse(
                            McpSchema.JSONRPC_VERSION,
                            unansweredId,
                            null,
                            new McpSchema.JSONRPCResponse.JSONRPCError(Replies.SERVER_ERROR, UNANSWERED, null)));
                }
                events.close();
            } else if (!response.isSent()) {
                Replies.error(response, Status.SERVICE_UNAVAILABLE_503, unansweredId, Replies.SERVER_ERROR, UNANSWERED);
            }
        } catch (IOException | RuntimeException e) {
            // the client went away; nothing is left to tell it
        }
    }

    private void write(byte[]... parts) throws IOException {
        try {
            for (byte[] part : parts) {
                events.write(part);
            }
            events.flush();
        } catch (RuntimeException e) {
            throw new IOException("the client went away", e);
        }
    }
}
