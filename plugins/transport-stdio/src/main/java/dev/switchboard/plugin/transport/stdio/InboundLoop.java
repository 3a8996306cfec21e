package dev.switchboard.plugin.transport.stdio;

import java.io.IOException;
import java.util.function.BooleanSupplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The reader thread's work: reads lines until the input ends or the session stops, answers lines that are not
 * JSON-RPC (a parse error does not end the session), and routes the rest. Runs {@code onEnd} once when it stops.
 */
final class InboundLoop implements Runnable {

    private static final Logger LOG = LoggerFactory.getLogger(InboundLoop.class);

    private final LineReader reader;
    private final JsonRpcDecoder decoder;
    private final InboundRouter router;
    private final SessionPort session;
    private final BooleanSupplier stopping;
    private final Runnable onEnd;

    InboundLoop(LineReader reader, JsonRpcDecoder decoder, InboundRouter router, SessionPort session,
                BooleanSupplier stopping, Runnable onEnd) {
        this.reader = reader;
        this.decoder = decoder;
        this.router = router;
        this.session = session;
        this.stopping = stopping;
        this.onEnd = onEnd;
    }

    @Override
    public void run() {
        try {
            readUntilEnd();
        } catch (IOException e) {
            if (!stopping.getAsBoolean()) {
                LOG.warn("reading stdin failed; ending the stdio session", e);
            }
        } catch (RuntimeException e) {
            LOG.error("the stdio session failed; ending it", e);
        } finally {
            onEnd.run();
        }
    }

    private void readUntilEnd() throws IOException {
        while (!stopping.getAsBoolean()) {
            String line;
            try {
                line = reader.readLine();
            } catch (LineReader.OversizedLineException e) {
                session.reply(JsonRpcReplies.error(null, JsonRpcReplies.INVALID_REQUEST, e.getMessage()));
                continue;
            }
            if (line == null) {
                LOG.debug("stdin reached its end");
                return;
            }
            if (!line.isBlank() && !stopping.getAsBoolean()) {
                handle(line);
            }
        }
    }

    private void handle(String line) {
        switch (decoder.decode(line)) {
            case JsonRpcDecoder.Message message -> router.route(message.message());
            case JsonRpcDecoder.Rejected rejected -> session.reply(rejected.reply());
            case JsonRpcDecoder.Ignored ignored -> LOG.warn("ignored a line from the client: {}", ignored.reason());
        }
    }
}
