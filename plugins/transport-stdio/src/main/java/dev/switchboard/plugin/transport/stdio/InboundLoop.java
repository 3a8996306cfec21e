package dev.switchboard.plugin.transport.stdio;

import java.io.IOException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.BooleanSupplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.switchboard.bridge.mcp.transport.ClientMistakes;
import dev.switchboard.bridge.mcp.transport.JsonRpcDecoder;
import dev.switchboard.bridge.mcp.transport.JsonRpcErrors;
import dev.switchboard.bridge.mcp.transport.RefusalIds;

/**
 * The reading role: reads lines until the input ends or the session stops, answers lines that are not JSON-RPC (a
 * parse error does not end the session; a line over the size limit is answered with the id found at its start when that start shows a request, as
 * {@link RefusalIds} says), logs
 * each such client mistake through the rate-limited {@link ClientMistakes}, and routes the rest. One thread holds the role at a time; the holder may
 * {@link #handOver()} it to another thread of the readers' executor before it goes on to run a request itself
 * (leader/followers), so the next line is read while the call runs and the call needs no thread hand-off of its own.
 * Runs {@code onEnd} once, on the holder, when reading stops.
 */
final class InboundLoop implements Runnable {

    private static final Logger LOG = LoggerFactory.getLogger(InboundLoop.class);

    private final LineReader reader;
    private final JsonRpcDecoder decoder;
    private final InboundRouter router;
    private final SessionPort session;
    private final BooleanSupplier stopping;
    private final Runnable onEnd;
    private final Executor readers;
    private final ClientMistakes mistakes;
    /** The thread that holds the reading role; null while it passes to another. */
    private volatile Thread holder;

    InboundLoop(
            LineReader reader,
            JsonRpcDecoder decoder,
            InboundRouter router,
            SessionPort session,
            BooleanSupplier stopping,
            Runnable onEnd,
            Executor readers,
            ClientMistakes mistakes) {
        this.reader = reader;
        this.decoder = decoder;
        this.router = router;
        this.session = session;
        this.stopping = stopping;
        this.onEnd = onEnd;
        this.readers = readers;
        this.mistakes = mistakes;
    }

    /** Starts reading on a thread of the readers' executor. */
    void start() {
        readers.execute(this);
    }

    /**
     * Passes the reading role to another thread, when the calling thread holds it; the caller then finishes what it
     * is doing and stops reading. If no thread can take it (the session is ending), the caller keeps the role.
     */
    void handOver() {
        Thread current = Thread.currentThread();
        if (holder != current) {
            return;
        }
        holder = null;
        try {
            readers.execute(this);
        } catch (RejectedExecutionException e) {
            holder = current;
        }
    }

    @Override
    public void run() {
        holder = Thread.currentThread();
        try {
            readUntilEnd();
        } catch (IOException e) {
            if (!stopping.getAsBoolean()) {
                LOG.warn("reading stdin failed; ending the stdio session", e);
            }
        } catch (RuntimeException e) {
            LOG.error(holdsRole() ? "the stdio session failed; ending it" : "a stdio request failed", e);
        } finally {
            if (holdsRole()) {
                onEnd.run();
            }
        }
    }

    private boolean holdsRole() {
        return holder == Thread.currentThread();
    }

    private void readUntilEnd() throws IOException {
        while (holdsRole() && !stopping.getAsBoolean()) {
            byte[] line;
            try {
                line = reader.readLine();
            } catch (LineReader.OversizedLineException e) {
                mistakes.record("a line larger than the limit");
                session.reply(JsonRpcErrors.error(
                        RefusalIds.ofPrefix(e.prefix()), JsonRpcErrors.INVALID_REQUEST, e.getMessage()));
                continue;
            }
            if (line == null) {
                LOG.debug("stdin reached its end");
                return;
            }
            if (!isBlank(line) && !stopping.getAsBoolean()) {
                handle(line);
            }
        }
    }

    private void handle(byte[] line) {
        switch (decoder.decode(line)) {
            case JsonRpcDecoder.Single single -> router.route(single.message());
            case JsonRpcDecoder.Batch batch -> router.batch(batch.messages());
            case JsonRpcDecoder.Invalid invalid
            when invalid.response() -> {
                // The rule of both transports (JsonRpcDecoder.Invalid#refusal): never processed, answered -32600
                // with id null, never with its id (which would be taken for the answer to the client's own request)
                mistakes.record("refused a malformed response");
                session.reply(invalid.refusal());
            }
            case JsonRpcDecoder.Invalid invalid -> {
                mistakes.record(invalid.message());
                session.reply(invalid.reply());
            }
        }
    }

    private static boolean isBlank(byte[] line) {
        for (byte b : line) {
            if (b != ' ' && b != '\t' && b != '\r') {
                return false;
            }
        }
        return true;
    }
}
