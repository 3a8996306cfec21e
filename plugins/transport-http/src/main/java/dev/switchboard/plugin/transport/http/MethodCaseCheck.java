package dev.switchboard.plugin.transport.http;

import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;

import io.helidon.common.buffers.BufferData;
import io.helidon.common.buffers.DataReader;
import io.helidon.common.buffers.DataWriter;
import io.helidon.common.socket.HelidonSocket;
import io.helidon.common.socket.PeerInfo;
import io.helidon.http.DirectHandler;
import io.helidon.http.HttpPrologue;
import io.helidon.http.RequestException;
import io.helidon.http.Status;
import io.helidon.webserver.ConnectionContext;
import io.helidon.webserver.ListenerContext;
import io.helidon.webserver.ProxyProtocolData;
import io.helidon.webserver.Router;
import io.helidon.webserver.http1.Http1ConnectionListener;
import io.helidon.webserver.spi.ServerConnection;
import io.helidon.webserver.spi.ServerConnectionSelector;

import dev.switchboard.bridge.mcp.transport.ClientMistakes;

/**
 * Refuses a request whose method is not in capitals ({@code post}) with 400 and a closed connection: HTTP methods are
 * case-sensitive (RFC 9110 §9.1) and Helidon would upper-case it and serve it. (Its reader also checks the CRLF after
 * each chunk of a chunked body, which Helidon skips unread.) Helidon keeps no raw copy of a request
 * line, so the check keeps one itself: {@link #around} wraps Helidon's HTTP/1.1 selector so that each connection reads
 * through a {@link RecordingReader}, which remembers the bytes of the last {@link DataReader#readBytes} (how Helidon's
 * request-line parser takes the line), and {@link #prologue}, called by HTTP/1.1 right after it parsed a request line,
 * looks at them and throws a {@code BAD_REQUEST} that {@link WireRefusals} answers. Every request of a kept-alive
 * connection is checked. Stateless (the reader is per connection), thread-safe.
 */
final class MethodCaseCheck implements Http1ConnectionListener {

    private final ClientMistakes mistakes;

    MethodCaseCheck(ClientMistakes mistakes) {
        this.mistakes = mistakes;
    }

    /** @return {@code http1} with every connection reading through a {@link RecordingReader} */
    static ServerConnectionSelector around(ServerConnectionSelector http1) {
        return new Selector(http1);
    }

    @Override
    public void prologue(ConnectionContext ctx, HttpPrologue prologue) {
        if (ctx.dataReader() instanceof RecordingReader reader && lowerCaseMethod(reader.lastRead())) {
            mistakes.record("a request method in lower case");
            throw RequestException.builder()
                    .type(DirectHandler.EventType.BAD_REQUEST)
                    .status(Status.BAD_REQUEST_400)
                    .setKeepAlive(false)
                    .message("the request method is not in capitals")
                    .build();
        }
    }

    /** @return whether the method token (the bytes before the first space) holds a lower-case ASCII letter */
    private static boolean lowerCaseMethod(byte[] requestLine) {
        for (byte b : requestLine) {
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
     * A connection's reader that remembers the last bytes taken with {@link #readBytes} (the request line), and checks
     * the one piece of chunked framing Helidon 4.5 takes on trust: the CRLF after a chunk's data, which its decoder
     * skips unread ({@code readBuffer(size)} then {@code skip(2)}); anything else there is a {@code BAD_REQUEST}, which
     * the transport's body reader answers with 400. It pulls what it reads from the connection's own reader (one
     * extra copy per received buffer). Not thread-safe: one connection's thread reads.
     */
    static final class RecordingReader extends DataReader {

        private byte[] lastRead = new byte[0];
        /** The last read was a buffer of a given size (chunk or fixed-length data), not a line. */
        private boolean afterData;
        /** Inside {@link #readBuffer(int)}, whose own skip moves past the data it returns. */
        private boolean readingData;

        // DataReader's constructors are deprecated for removal in favour of its factory, which cannot be extended;
        // should they go, the checks lose their hook and their tests (HttpMalformedWireTest) fail.
        @SuppressWarnings("removal")
        RecordingReader(DataReader source) {
            super(() -> pull(source), false);
        }

        private static byte[] pull(DataReader source) {
            source.ensureAvailable();
            return source.readBytes(source.available());
        }

        @Override
        public byte[] readBytes(int len) {
            byte[] read = super.readBytes(len);
            lastRead = read;
            return read;
        }

        @Override
        public BufferData readBuffer(int length) {
            readingData = true;
            try {
                return super.readBuffer(length);
            } finally {
                readingData = false;
                afterData = true;
            }
        }

        @Override
        public void skip(int lenToSkip) {
            // Every other skip(2) of HTTP/1.1 passes a CRLF it has just found; after a data buffer it passes the line
            // end a chunk must have, unseen. (After fixed-length data the next skip(2) ends a request line: a CRLF.)
            if (afterData && !readingData && lenToSkip == 2) {
                afterData = false;
                BufferData next = getBuffer(2);
                if (next.get(0) != '\r' || next.get(1) != '\n') {
                    throw RequestException.builder()
                            .type(DirectHandler.EventType.BAD_REQUEST)
                            .status(Status.BAD_REQUEST_400)
                            .setKeepAlive(false)
                            .message("a chunk's data is not followed by CRLF")
                            .build();
                }
            }
            super.skip(lenToSkip);
        }

        byte[] lastRead() {
            return lastRead;
        }
    }

    /** Helidon's HTTP/1.1 selector, handing each connection a context whose reader is a {@link RecordingReader}. */
    private record Selector(ServerConnectionSelector http1) implements ServerConnectionSelector {

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
            return http1.connection(new Recorded(ctx, new RecordingReader(ctx.dataReader())));
        }
    }

    /** A connection's context with a {@link RecordingReader} for its reader; everything else is the connection's. */
    private record Recorded(ConnectionContext ctx, RecordingReader reader) implements ConnectionContext {

        @Override
        public DataReader dataReader() {
            return reader;
        }

        @Override
        public ListenerContext listenerContext() {
            return ctx.listenerContext();
        }

        @Override
        public ExecutorService executor() {
            return ctx.executor();
        }

        @Override
        public DataWriter dataWriter() {
            return ctx.dataWriter();
        }

        @Override
        public Router router() {
            return ctx.router();
        }

        @Override
        public Optional<ProxyProtocolData> proxyProtocolData() {
            return ctx.proxyProtocolData();
        }

        @Override
        public HelidonSocket serverSocket() {
            return ctx.serverSocket();
        }

        @Override
        public PeerInfo remotePeer() {
            return ctx.remotePeer();
        }

        @Override
        public PeerInfo localPeer() {
            return ctx.localPeer();
        }

        @Override
        public boolean isSecure() {
            return ctx.isSecure();
        }

        @Override
        public String socketId() {
            return ctx.socketId();
        }

        @Override
        public String childSocketId() {
            return ctx.childSocketId();
        }
    }
}
