package dev.switchboard.plugin.transport.http;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

import io.helidon.http.media.ReadableEntity;
import io.helidon.webserver.http.ServerRequest;

/**
 * Reads a request body up to a size limit. A declared {@code Content-Length} above the limit is refused before a
 * byte is read; a body without one (chunked) is counted as it streams and refused as soon as it passes the limit.
 */
final class BodyReader {

    /** The body is larger than the limit; answered with 413. */
    static final class TooLargeException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        TooLargeException(long limit) {
            super("Payload Too Large: request bodies are limited to " + limit + " bytes");
        }
    }

    private final int limit;

    BodyReader(int limit) {
        this.limit = limit;
    }

    /**
     * @return the whole body, empty when there is none
     * @throws TooLargeException  if the body is larger than the limit
     * @throws UncheckedIOException if reading fails (the client went away)
     */
    byte[] read(ServerRequest request) {
        var declared = request.headers().contentLength();
        if (declared.isPresent() && declared.getAsLong() > limit) {
            throw new TooLargeException(limit);
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
                    throw new TooLargeException(limit);
                }
                body.write(buffer, 0, read);
            }
            in.close();
        } catch (IOException e) {
            throw new UncheckedIOException("could not read the request body", e);
        }
        return body.toByteArray();
    }
}
