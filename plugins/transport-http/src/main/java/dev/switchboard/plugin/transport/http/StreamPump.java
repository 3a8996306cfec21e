package dev.switchboard.plugin.transport.http;

import java.io.IOException;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import reactor.core.Exceptions;

import dev.switchboard.bridge.mcp.transport.InFlightIds;

/**
 * The writing loop of one HTTP stream, run on the request's own thread: takes what the SDK queued on the
 * {@link StreamChannel} and writes it with the {@link ResponseWriter}, sending a heartbeat whenever the stream has
 * been quiet for the heartbeat interval. A write failure means the client went away.
 *
 * <p>A POST response ends when every request it carries has finished. When its only request is answered before
 * anything else was sent, the answer goes out as one JSON body; otherwise (notifications or server-to-client
 * requests during the call, a slow call reaching its first heartbeat, a batch) as an event stream. A GET stream is
 * written by the {@link ListeningPump}.
 */
final class StreamPump {

    private static final Logger LOG = LoggerFactory.getLogger(StreamPump.class);

    /** How a stream ended. */
    enum Outcome {
        /** Every request of the stream was answered. */
        ANSWERED,
        /** The client went away; requests still running go on (see {@link #settle}). */
        CLIENT_GONE,
        /** The stream was ended from this side (session deleted, server stopping, GET stream replaced). */
        TERMINATED,
        /**
         * The request's credential failed its second lookup while the stream was held (ADR 27): gone, or the store
         * could not say. The answers not yet written were withheld with a FORBIDDEN or UNAVAILABLE error each;
         * requests still running are to be cancelled.
         */
        WITHHELD
    }

    private final StreamChannel channel;
    private final ResponseWriter writer;
    private final Duration heartbeat;
    private final CredentialLease lease;

    /**
     * @param lease the request's credential, confirmed again before anything is written past its freshness; a
     *              heartbeat carries nothing and needs no confirmation
     */
    StreamPump(StreamChannel channel, ResponseWriter writer, Duration heartbeat, CredentialLease lease) {
        this.channel = channel;
        this.writer = writer;
        this.heartbeat = heartbeat;
        this.lease = lease;
    }

    /**
     * Writes the answers of the given requests, except those of requests the client cancelled (MCP: no response after
     * {@code notifications/cancelled}).
     *
     * @param pending the ids of the requests not finished yet (JSON numbers as {@code Long}); emptied as they finish
     * @param ids     the session's requests in flight; each answered id is freed there
     */
    Outcome answer(Set<Object> pending, InFlightIds ids) throws InterruptedException {
        Set<Object> answered = new HashSet<>();
        boolean single = pending.size() == 1;
        try {
            while (!pending.isEmpty()) {
                switch (channel.poll(heartbeat)) {
                    case null -> writer.heartbeat();
                    case StreamChannel.Message(McpSchema.JSONRPCMessage message) -> {
                        Object answers =
                                message instanceof McpSchema.JSONRPCResponse response ? key(response.id()) : null;
                        if (answers != null && pending.contains(answers) && ids.answered(answers)) {
                            pending.remove(answers);
                            answered.add(answers);
                            continue;
                        }
                        if (!lease.live()) {
                            return withhold(pending, answered);
                        }
                        if (answers != null && pending.contains(answers)) {
                            if (single && !writer.streaming()) {
                                writer.json(message);
                                pending.clear();
                                return Outcome.ANSWERED;
                            }
                            answered.add(answers);
                        }
                        writer.event(message);
                    }
                    case StreamChannel.Finished(Object id, Throwable error) -> {
                        if (pending.contains(key(id)) && !answered.contains(key(id)) && !ids.answered(key(id))) {
                            if (!lease.live()) {
                                return withhold(pending, answered);
                            }
                            writer.event(failure(id, error));
                        }
                        pending.remove(key(id));
                    }
                    case StreamChannel.Terminated terminated -> {
                        return Outcome.TERMINATED;
                    }
                }
            }
            return Outcome.ANSWERED;
        } catch (IOException e) {
            return Outcome.CLIENT_GONE;
        }
    }

    /**
     * After the client went away: waits, writing nothing, until the given requests finish or the stream is ended from
     * this side. MCP's streamable HTTP transport says a disconnection is not a cancellation, so the calls run to
     * their end (a retry with the same request key can then replay the outcome); only an explicit
     * {@code notifications/cancelled}, the session's end or the server's drain timeout cancels them.
     *
     * @param pending the ids of the requests not finished yet; emptied as they finish
     * @return {@link Outcome#ANSWERED} when all finished, {@link Outcome#TERMINATED} when the stream was ended first
     */
    Outcome settle(Set<Object> pending) throws InterruptedException {
        while (!pending.isEmpty()) {
            switch (channel.poll(heartbeat)) {
                case null -> {
                    // nobody to send a heartbeat to
                }
                case StreamChannel.Message(McpSchema.JSONRPCMessage message) -> {
                    if (message instanceof McpSchema.JSONRPCResponse response) {
                        pending.remove(key(response.id()));
                    }
                }
                case StreamChannel.Finished(Object id, Throwable error) -> pending.remove(key(id));
                case StreamChannel.Terminated terminated -> {
                    return Outcome.TERMINATED;
                }
            }
        }
        return Outcome.ANSWERED;
    }

    /** Withholds the answers not written yet: one FORBIDDEN or UNAVAILABLE error per pending request not answered. */
    private Outcome withhold(Set<Object> pending, Set<Object> answered) throws IOException {
        List<Object> withheld =
                pending.stream().filter(id -> !answered.contains(id)).toList();
        writer.withheld(withheld, lease.why());
        return Outcome.WITHHELD;
    }

    /** JSON numbers may come back as Integer or Long; ids are compared as Long. */
    static Object key(Object id) {
        return InFlightIds.key(id);
    }

    /**
     * The answer for a request the SDK ended without one. An {@link McpError} (the SDK's or the bridge's refusal of
     * the request, such as params of the wrong shape) is the client's mistake and answered with its own code and
     * message; anything else is a defect: logged with its cause, answered -32603 without it.
     */
    private static McpSchema.JSONRPCResponse failure(Object id, Throwable error) {
        if (Exceptions.unwrap(error) instanceof McpError refusal && refusal.getJsonRpcError() != null) {
            return new McpSchema.JSONRPCResponse(McpSchema.JSONRPC_VERSION, id, null, refusal.getJsonRpcError());
        }
        if (error != null) {
            LOG.warn("request {} failed without an answer", id, error);
        }
        return new McpSchema.JSONRPCResponse(
                McpSchema.JSONRPC_VERSION,
                id,
                null,
                new McpSchema.JSONRPCResponse.JSONRPCError(
                        Replies.INTERNAL_ERROR, "Internal error: the request ended without an answer", null));
    }
}
