package dev.switchboard.plugin.transport.http;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Set;

import io.helidon.common.buffers.BufferData;
import io.helidon.common.buffers.DataReader;
import io.helidon.common.concurrency.limits.Limit;
import io.helidon.webserver.CloseConnectionException;
import io.helidon.webserver.ConnectionContext;
import io.helidon.webserver.spi.ServerConnection;
import io.helidon.webserver.spi.ServerConnectionSelector;

import dev.switchboard.bridge.mcp.transport.ClientMistakes;
import dev.switchboard.bridge.mcp.transport.JsonRpcErrors;

/**
 * The server's one connection selector, around Helidon's HTTP/1.1 one: refuses a connection whose first request line
 * starts with a method in lower case ({@code post}), which Helidon would upper-case and serve (HTTP methods are
 * case-sensitive, RFC 9110 §9.1), with 400, the transport's JSON-RPC error body and a closed connection; every other
 * connection goes to HTTP/1.1 unchanged. Helidon reads a request line only in its own parser and keeps no raw copy,
 * so this looks at the first bytes of a connection only: a lower-case method in a later request on a kept-alive
 * connection is still taken as its upper-case form. Thread-safe.
 */
final class MethodCaseCheck implements ServerConnectionSelector {

    private static final String REFUSAL = "Bad Request: the request is not valid HTTP/1.1 (methods are case-sensitive:"
            + " send POST, GET or DELETE in capitals)";

    private final ServerConnectionSelector http1;
    private final ClientMistakes mistakes;

    MethodCaseCheck(ServerConnectionSelector http1, ClientMistakes mistakes) {
        this.http1 = http1;
        this.mistakes = mistakes;
    }

    @Override
    public int bytesToIdentifyConnection() {
        return http1.bytesToIdentifyConnection();
    }

    @Override
    public Support supports(BufferData data) {
        return http1.supports(data);
    }

    @Override
    public Set<String> supportedApplicationProtocols() {
        return http1.supportedApplicationProtocols();
    }

    @Override
    public ServerConnection connection(ConnectionContext ctx) {
        return new Checked(ctx, http1.connection(ctx));
    }

    /** @return whether the method token (the bytes before the first space) that arrived holds a lower-case letter */
    private static boolean lowerCaseMethod(BufferData data) {
        for (int i = 0; i < data.available(); i++) {
            int b = data.get(i);
            if (b == ' ') {
                return false;
            }
            if (b >= 'a' && b <= 'z') {
                return true;
            }
        }
        return false;
    }

    /**
     * An HTTP/1.1 connection whose first bytes are looked at before HTTP/1.1 reads them. Until they arrive it counts
     * as idle since its creation, so Helidon's idle timeout closes a connection that never sends a byte.
     */
    private final class Checked implements ServerConnection {

        private final ConnectionContext ctx;
        private final ServerConnection http1;
        private volatile Thread waiting;

        Checked(ConnectionContext ctx, ServerConnection http1) {
            this.ctx = ctx;
            this.http1 = http1;
        }

        @Override
        public void handle(Limit limit) throws InterruptedException {
            DataReader reader = ctx.dataReader();
            waiting = Thread.currentThread();
            try {
                reader.ensureAvailable();
            } catch (DataReader.InsufficientDataAvailableException e) {
                throw new CloseConnectionException("the client closed the connection before a request", e);
            } finally {
                waiting = null;
            }
            // peeks without moving the reader: HTTP/1.1 then reads the same bytes
            if (lowerCaseMethod(reader.getBuffer(reader.available()))) {
                refuse();
                return;
            }
            http1.handle(limit);
        }

        @Override
        public Duration idleTime() {
            return http1.idleTime();
        }

        @Override
        public void close(boolean interrupt) {
            Thread first = waiting;
            if (first != null) {
                first.interrupt(); // waiting for the first byte is idle: interrupting closes the socket
            }
            http1.close(interrupt);
        }

        private void refuse() {
            mistakes.record("a request method in lower case");
            byte[] body = Replies.jsonBytes(JsonRpcErrors.error(null, Replies.SERVER_ERROR, REFUSAL));
            byte[] head = ("HTTP/1.1 400 Bad Request\r\nContent-Type: " + McpHeaders.APPLICATION_JSON
                            + "\r\nContent-Length: " + body.length + "\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII);
            BufferData answer = BufferData.create(head.length + body.length);
            answer.write(head);
            answer.write(body);
            ctx.dataWriter().writeNow(answer);
        }
    }
}
