package dev.switchboard.plugin.transport.http;

import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpStreamableServerTransport;
import reactor.core.publisher.Mono;

/**
 * The SDK's way out for one POST's response stream (a session's GET stream is its {@link ResumableStream}). The
 * SDK's threads only queue messages here; the HTTP request's own thread takes them off and writes them
 * ({@link StreamPump}), so the response object is only ever touched by one thread and messages keep their order. Sending on a terminated channel drops
 * the message. Thread-safe.
 */
final class StreamChannel implements McpStreamableServerTransport {

    /** What the writing thread takes off the queue. */
    sealed interface Item permits Message, Finished, Terminated {}

    /** A message to write. */
    record Message(McpSchema.JSONRPCMessage message) implements Item {}

    /**
     * The SDK finished handling the request with this id; {@code error} is set when it failed without answering.
     */
    record Finished(Object requestId, Throwable error) implements Item {}

    /** The stream must end now (session ended, server stopping, drain timeout). */
    record Terminated() implements Item {}

    private final McpJsonMapper mapper;
    private final boolean endsWhenClosed;
    private final UnaryOperator<McpSchema.JSONRPCMessage> outgoing;
    private final BlockingQueue<Item> queue = new LinkedBlockingQueue<>();
    private volatile boolean terminated;

    /**
     * @param mapper         converts client answers for the SDK
     * @param endsWhenClosed true for a stream that ends when the SDK closes it (no caller passes it since the GET
     *                       stream became a {@link ResumableStream}); a POST response ends when its requests have
     *                       finished, and ignores the SDK's close after each answer
     */
    StreamChannel(McpJsonMapper mapper, boolean endsWhenClosed) {
        this(mapper, endsWhenClosed, UnaryOperator.identity());
    }

    /**
     * @param mapper         converts client answers for the SDK
     * @param endsWhenClosed as above
     * @param outgoing       what every message the SDK sends becomes before it is queued (a POST narrows its list
     *                       answers to its caller here); must not throw
     */
    StreamChannel(McpJsonMapper mapper, boolean endsWhenClosed, UnaryOperator<McpSchema.JSONRPCMessage> outgoing) {
        this.mapper = mapper;
        this.endsWhenClosed = endsWhenClosed;
        this.outgoing = outgoing;
    }

    @Override
    public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message, String messageId) {
        return sendMessage(message);
    }

    @Override
    public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
        return Mono.fromRunnable(() -> {
            if (!terminated) {
                queue.add(new Message(outgoing.apply(message)));
            }
        });
    }

    @Override
    public <T> T unmarshalFrom(Object data, TypeRef<T> typeRef) {
        return mapper.convertValue(data, typeRef);
    }

    @Override
    public Mono<Void> closeGracefully() {
        return Mono.fromRunnable(this::close);
    }

    @Override
    public void close() {
        if (endsWhenClosed) {
            terminate();
        }
    }

    /** Records that the SDK is done with one request of this stream. */
    void finished(Object requestId, Throwable error) {
        queue.add(new Finished(requestId, error));
    }

    /** Ends the stream: the writer stops, later messages are dropped. Idempotent. */
    void terminate() {
        if (!terminated) {
            terminated = true;
            queue.add(new Terminated());
        }
    }

    /** @return the next item, or null when none came within {@code wait} */
    Item poll(Duration wait) throws InterruptedException {
        return queue.poll(wait.toNanos(), TimeUnit.NANOSECONDS);
    }
}
