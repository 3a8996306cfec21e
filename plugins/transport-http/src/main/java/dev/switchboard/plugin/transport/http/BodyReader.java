package dev.switchboard.plugin.transport.http;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;

import io.helidon.common.buffers.DataReader;
import io.helidon.http.media.ReadableEntity;
import io.helidon.webserver.CloseConnectionException;
import io.helidon.webserver.http.ServerRequest;

import dev.switchboard.bridge.mcp.transport.RefusalIds;

/**
 * Reads a request body up to a size limit and within the body timeout. A declared {@code Content-Length} above the
 * limit is refused before a byte is read; a body without one (chunked) is counted as it streams and refused as soon
 * as it passes the limit, and broken chunked framing is told apart from a client that went away.
 */
final class BodyReader {

    /** The body is larger than the limit; answered with 413. */
    static final class TooLargeException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        private final transient byte[] prefix;

        TooLargeException(long limit, byte[] prefix) {
            super("Payload Too Large: request bodies are limited to " + limit + " bytes");
            this.prefix = prefix;
        }

        /**
         * @return the first bytes read before the limit was passed (at most {@link RefusalIds#PREFIX_BYTES}), where
         *     the request's id may be found; empty when the declared {@code Content-Length} was refused unread
         */
        byte[] prefix() {
            return prefix.clone();
        }
    }

    /**
     * The body's chunked framing is broken (a chunk size that is not hexadecimal, negative, too large or followed by
     * an extension, a missing line end); answered with 400 and a closed connection, since nothing after it can be
     * framed.
     */
    static final class MalformedException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        MalformedException() {
            super("Bad Request: the chunked request body is malformed (a chunk size must be hexadecimal digits"
                    + " followed by CRLF, and each chunk's data must be followed by CRLF)");
        }
    }

    private final int limit;
    private final ConnectionDeadlines deadlines;

    /**
     * @param limit     the largest body, in bytes
     * @param deadlines the connection timeouts, whose body deadline covers each read
     */
    BodyReader(int limit, ConnectionDeadlines deadlines) {
        this.limit = limit;
        this.deadlines = deadlines;
    }

    /**
     * Reads the body within the body timeout; past it, the connection is closed.
     *
     * @return the whole body, empty when there is none
     * @throws TooLargeException         if the body is larger than the limit
     * @throws MalformedException        if its chunked framing is broken
     * @throws UncheckedIOException      if reading fails (the client went away)
     * @throws CloseConnectionException  if the connection failed or was closed for its body timeout (nothing can be
     *                                   answered; let it propagate, Helidon then ends the connection quietly)
     */
    byte[] read(ServerRequest request) {
        deadlines.readingBody();
        try {
            return readWithin(request);
        } finally {
            deadlines.bodyRead();
        }
    }

    private byte[] readWithin(ServerRequest request) {
        var declared = request.headers().contentLength();
        if (declared.isPresent() && declared.getAsLong() > limit) {
            throw new TooLargeException(limit, new byte[0]);
        }
        ReadableEntity content = request.content();
        if (!content.hasEntity()) {
            return new byte[0];
        }
        ByteArrayOutputStream body =
                new ByteArrayOutputStream((int) Math.min(limit, declared.isPresent() ? declared.getAsLong() : 8192));
        byte[] buffer = new byte[16 * 1024];
        // Not closed on the too-large path: closing would read the rest of the body, which is what the limit avoids.
        InputStream in = content.inputStream();
        try {
            int read;
            while ((read = in.read(buffer)) >= 0) {
                if (body.size() + (long) read > limit) {
                    body.write(buffer, 0, Math.min(read, Math.max(0, RefusalIds.PREFIX_BYTES - body.size())));
                    throw new TooLargeException(limit, prefixOf(body));
                }
                body.write(buffer, 0, read);
            }
            in.close();
        } catch (IOException e) {
            throw new UncheckedIOException("could not read the request body", e);
        } catch (DataReader.InsufficientDataAvailableException e) {
            throw new UncheckedIOException(new IOException("the client closed the connection within the body", e));
        } catch (CloseConnectionException | TooLargeException | UncheckedIOException e) {
            throw e;
        } catch (RuntimeException e) {
            // Helidon's chunk decoder fails with NumberFormatException, RequestException or IncorrectNewLineException
            throw new MalformedException();
        }
        return body.toByteArray();
    }

    private static byte[] prefixOf(ByteArrayOutputStream body) {
        byte[] all = body.toByteArray();
        return Arrays.copyOf(all, Math.min(all.length, RefusalIds.PREFIX_BYTES));
    }
}
