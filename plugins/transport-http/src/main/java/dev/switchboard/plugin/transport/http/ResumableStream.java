package dev.switchboard.plugin.transport.http;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpStreamableServerTransport;
import reactor.core.publisher.Mono;

/**
 * The server-to-client stream of one session ({@code GET /mcp}) across its client's connections, so that a dropped
 * connection loses nothing: the SDK's listening transport of the session, registered once, at the session's first
 * GET ({@link HttpSession#resumableStream}). Every message the SDK sends on it becomes an event with the session's
 * next event id (decimal, from 1; the SDK's own message ids are random and kept nowhere, so they are not used) and is
 * kept in a bounded buffer: the newest {@value #MAX_EVENTS} events, and no more than {@value #MAX_BYTES} bytes of
 * JSON (the newest event is always kept). The buffer lives as long as the session, also while no client is
 * connected; a session that never opened a GET stream keeps nothing.
 *
 * <p>A connection ({@link #attach}) starts after the event its {@code Last-Event-ID} names, so it gets every kept
 * event sent after that one, in order, then the new ones; an id this stream never gave, or one older than the oldest
 * event kept (the client was away for more than the buffer holds), starts fresh, after the newest event, as MCP
 * allows (a server need not replay). Without {@code Last-Event-ID} it starts fresh too. One connection at a time: a
 * new one ends the previous (the client reconnected). Events are never sent twice to a client that names the last
 * event it received. Thread-safe.
 */
final class ResumableStream implements McpStreamableServerTransport {

    private static final Logger LOG = LoggerFactory.getLogger(ResumableStream.class);

    /** The most events kept for a reconnecting client, per session. */
    static final int MAX_EVENTS = 200;
    /** The most bytes of JSON kept for a reconnecting client, per session (the newest event is kept whatever its size). */
    static final int MAX_BYTES = 512 * 1024;

    /** One message sent on the stream, with its event id and its JSON. */
    record Event(long id, byte[] json) {}

    /** One client connection reading the stream; ended by {@link #detach}, a newer connection or the session's end. */
    static final class Connection {
        private long cursor;
        private boolean ended;

        private Connection(long cursor) {
            this.cursor = cursor;
        }
    }

    private final McpJsonMapper mapper;
    private final ArrayDeque<Event> events = new ArrayDeque<>();
    private long lastId;
    private long bytes;
    private boolean closed;
    private Connection current;

    ResumableStream(McpJsonMapper mapper) {
        this.mapper = mapper;
    }

    @Override
    public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message, String messageId) {
        return sendMessage(message);
    }

    @Override
    public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
        return Mono.fromRunnable(() -> append(message));
    }

    private void append(McpSchema.JSONRPCMessage message) {
        byte[] json;
        try {
            json = mapper.writeValueAsBytes(message);
        } catch (IOException e) {
            LOG.warn("a message for a session's GET stream could not be encoded; dropped", e);
            return;
        }
        synchronized (this) {
            if (closed) {
                return;
            }
            events.addLast(new Event(++lastId, json));
            bytes += json.length;
            while (events.size() > MAX_EVENTS || (bytes > MAX_BYTES && events.size() > 1)) {
                bytes -= events.removeFirst().json().length;
            }
            notifyAll();
        }
    }

    /**
     * Starts a connection, ending the previous one.
     *
     * @param lastEventId the request's {@code Last-Event-ID}, or null
     * @return the connection, positioned after the named event when it is kept, else after the newest
     */
    synchronized Connection attach(String lastEventId) {
        if (current != null) {
            current.ended = true;
        }
        current = new Connection(resumeAfter(lastEventId));
        current.ended = closed;
        notifyAll();
        return current;
    }

    /** @return the id of the last event the connection was given (0 before the first); its priming event's id */
    synchronized long position(Connection connection) {
        return connection.cursor;
    }

    /**
     * Waits for the events after the connection's position and moves it past them.
     *
     * @param wait how long to wait for one
     * @return the events in order; empty when none came within {@code wait}; null when the connection ended
     */
    synchronized List<Event> next(Connection connection, Duration wait) throws InterruptedException {
        long deadline = System.nanoTime() + wait.toNanos();
        while (!connection.ended) {
            if (connection.cursor < lastId) {
                List<Event> after = new ArrayList<>();
                for (Event event : events) {
                    if (event.id() > connection.cursor) {
                        after.add(event);
                    }
                }
                connection.cursor = lastId;
                return after;
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return List.of();
            }
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
        return null;
    }

    /** Ends a connection (its client went away, or its writer stopped); the stream goes on keeping events. */
    synchronized void detach(Connection connection) {
        connection.ended = true;
        if (current == connection) {
            current = null;
        }
        notifyAll();
    }

    /** @return whether a client is connected now */
    synchronized boolean connected() {
        return current != null;
    }

    @Override
    public <T> T unmarshalFrom(Object data, TypeRef<T> typeRef) {
        return mapper.convertValue(data, typeRef);
    }

    @Override
    public Mono<Void> closeGracefully() {
        return Mono.fromRunnable(this::close);
    }

    /** The session ended: the connection ends, the kept events are dropped, later messages too. Idempotent. */
    @Override
    public synchronized void close() {
        closed = true;
        events.clear();
        bytes = 0;
        if (current != null) {
            current.ended = true;
            current = null;
        }
        notifyAll();
    }

    private long resumeAfter(String lastEventId) {
        long after = parse(lastEventId);
        long oldest = events.isEmpty() ? lastId + 1 : events.peekFirst().id();
        return after >= oldest - 1 && after <= lastId ? after : lastId;
    }

    private static long parse(String lastEventId) {
        if (lastEventId == null || lastEventId.isBlank() || lastEventId.length() > 19) {
            return -1;
        }
        try {
            return Long.parseLong(lastEventId.strip());
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
