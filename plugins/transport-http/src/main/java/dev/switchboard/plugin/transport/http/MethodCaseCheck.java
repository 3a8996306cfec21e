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
import io.helidon.http.Headers;
import io.helidon.http.HttpPrologue;
import io.helidon.http.RequestException;
import io.helidon.http.Status;
import io.helidon.webserver.CloseConnectionException;
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
 * connection is checked. The same reader, which alone sees the raw bytes, also answers a header line past
 * {@link WireRefusals#MAX_HEADER_SECTION} with 431 (Helidon's own refusal is a 400 without cause) and closes a
 * connection that opens with a TLS handshake. Stateless (the reader is per connection), thread-safe.
 */
final class MethodCaseCheck implements Http1ConnectionListener {

    /**
     * @return {@code http1} with every connection reading through a {@link RecordingReader}, and a connection whose
     *     first bytes are a TLS handshake record (0x16 0x03: https:// sent to this plain-HTTP port) closed at once with
     *     one line to {@code mistakes}
     */
    static ServerConnectionSelector around(ServerConnectionSelector http1, ClientMistakes mistakes) {
        return new Selector(http1, mistakes);
    }

    /**
     * Marks the start of the header section: from now until {@link #headers} a header line longer than the rest of
     * {@link WireRefusals#MAX_HEADER_SECTION} is a 431.
     */
    @Override
    public void prologue(ConnectionContext ctx, HttpPrologue prologue) {
        if (!(ctx.dataReader() instanceof RecordingReader reader)) {
            return;
        }
        reader.readingHeaders = true;
        if (lowerCaseMethod(reader.lastRead())) {
            throw WireRefusals.refusal(
                    Status.BAD_REQUEST_400,
                    "Bad Request: the request method is not in capitals (methods are case-sensitive)");
        }
    }

    /** Marks the end of the header section. */
    @Override
    public void headers(ConnectionContext ctx, Headers headers) {
        if (ctx.dataReader() instanceof RecordingReader reader) {
            reader.readingHeaders = false;
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
        /** Between a request line and the end of its headers (set by the connection's listener, on its thread). */
        private boolean readingHeaders;

        // DataReader's constructors are deprecated for removal in favour of its factory, which cannot be extended;
        // should they go, the checks lose their hook and their tests (HttpMalformedWireTest) fail.
        @SuppressWarnings("removal")
        RecordingReader(DataReader source, ClientMistakes mistakes) {
            super(new Pull(source, mistakes), false);
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

        /**
         * Helidon's header parser looks for each line's end within what is left of the header section and, finding
         * none, refuses the request as malformed (400, no cause); within the header section this answers 431 instead.
         */
        @Override
        public int findNewLine(int max) throws IncorrectNewLineException {
            return withinHeaderSection(super.findNewLine(max), max);
        }

        @Override
        public int findOrNewLine(byte b, int max) throws IncorrectNewLineException {
            return withinHeaderSection(super.findOrNewLine(b, max), max);
        }

        private int withinHeaderSection(int found, int max) {
            if (readingHeaders && found >= max) {
                readingHeaders = false;
                throw WireRefusals.refusal(
                        Status.create(431, "Request Header Fields Too Large"),
                        "Request Header Fields Too Large: the header section is larger than "
                                + WireRefusals.MAX_HEADER_SECTION + " bytes");
            }
            return found;
        }

        byte[] lastRead() {
            return lastRead;
        }
    }

    /** Helidon's HTTP/1.1 selector, handing each connection a context whose reader is a {@link RecordingReader}. */
    private record Selector(ServerConnectionSelector http1, ClientMistakes mistakes)
            implements ServerConnectionSelector {

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
            return http1.connection(new Recorded(ctx, new RecordingReader(ctx.dataReader(), mistakes)));
        }
    }

    /**
     * Pulls what a connection received, and closes a connection whose first bytes are a TLS handshake record (0x16
     * 0x03: https:// sent to this plain-HTTP port) with one line to {@code mistakes}, where Helidon would wait for a
     * request line until the header timeout. (Helidon asks a lone connection selector nothing before reading, so the
     * check is here, on the connection's own thread.) Not thread-safe: one connection's thread reads.
     */
    private static final class Pull implements java.util.function.Supplier<byte[]> {

        /** A TLS record's first byte: a handshake. */
        private static final byte TLS_HANDSHAKE = 0x16;
        /** A TLS record's second byte: major version 3 (SSL 3.0 to TLS 1.3). */
        private static final byte TLS_MAJOR = 0x03;

        private final DataReader source;
        private final ClientMistakes mistakes;
        private boolean first = true;

        Pull(DataReader source, ClientMistakes mistakes) {
            this.source = source;
            this.mistakes = mistakes;
        }

        @Override
        public byte[] get() {
            source.ensureAvailable();
            byte[] received = source.readBytes(source.available());
            if (first) {
                first = false;
                if (received.length >= 2 && received[0] == TLS_HANDSHAKE && received[1] == TLS_MAJOR) {
                    mistakes.record("a TLS handshake on the plain-HTTP port (use http://, or terminate TLS in front)");
                    throw new CloseConnectionException("a TLS handshake on the plain-HTTP port");
                }
            }
            return received;
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
