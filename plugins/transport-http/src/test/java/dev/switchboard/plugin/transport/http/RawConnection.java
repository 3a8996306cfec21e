package dev.switchboard.plugin.transport.http;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * One raw TCP connection to the server, for requests no HTTP client sends (malformed framing, a request that stops
 * half-way): writes bytes as they are, reads one response, and tells whether and when the server closed the socket.
 * Closes on close.
 */
final class RawConnection implements AutoCloseable {

    private final Socket socket;
    private final InputStream in;

    private RawConnection(Socket socket) throws IOException {
        this.socket = socket;
        this.in = socket.getInputStream();
    }

    static RawConnection open(int port) throws IOException {
        Socket socket = new Socket("127.0.0.1", port);
        socket.setSoTimeout(20_000);
        return new RawConnection(socket);
    }

    /** Writes {@code text} as ISO-8859-1 bytes, as it is. */
    RawConnection write(String text) throws IOException {
        return write(text.getBytes(StandardCharsets.ISO_8859_1));
    }

    /** Writes {@code bytes} as they are; a server that already closed the socket is not an error here. */
    RawConnection write(byte[] bytes) throws IOException {
        try {
            socket.getOutputStream().write(bytes);
            socket.getOutputStream().flush();
        } catch (SocketException e) {
            // the server answered and closed before everything was sent; the answer is still readable
        }
        return this;
    }

    /** @return the next response, which must begin within {@code within} */
    RawHttp.Response response(Duration within) throws IOException {
        socket.setSoTimeout((int) within.toMillis());
        return RawHttp.read(in);
    }

    /**
     * Waits up to {@code within} for the server to close the connection, discarding anything it sends meanwhile.
     *
     * @return whether the server closed it (a reset counts as closed)
     */
    boolean closedWithin(Duration within) throws IOException {
        socket.setSoTimeout((int) Math.max(1, within.toMillis()));
        ByteArrayOutputStream ignored = new ByteArrayOutputStream();
        try {
            int b;
            while ((b = in.read()) >= 0) {
                ignored.write(b);
            }
            return true;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (SocketException e) {
            return true;
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
