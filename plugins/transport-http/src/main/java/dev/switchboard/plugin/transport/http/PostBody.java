package dev.switchboard.plugin.transport.http;

import java.io.UncheckedIOException;
import java.util.Optional;

import io.helidon.http.Status;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import dev.switchboard.bridge.mcp.transport.JsonRpcDecoder;
import dev.switchboard.bridge.mcp.transport.RefusalIds;

/**
 * The body of one admitted {@code POST /mcp}, read and decoded once, before the checks of its headers, so that every
 * refusal of the request names the request's id whenever it can be read ({@link RefusalIds}: a request's id; null for
 * a batch, a notification, a response, JSON that cannot be read, or a body refused by its declared
 * {@code Content-Length}, which is never read). A body that failed (larger than the limit, broken chunked framing)
 * is refused after the header checks, as before; any refusal of such a request ends its connection, since its unread
 * bytes must never be parsed as a next request. Immutable.
 *
 * @param decoded the decoded message, or null when the body failed
 * @param failure why the body could not be read whole ({@link BodyReader.TooLargeException} or
 *                {@link BodyReader.MalformedException}), or null
 * @param id      the id a refusal of this request carries, or null
 */
record PostBody(JsonRpcDecoder.Decoded decoded, RuntimeException failure, Object id) {

    /**
     * Reads and decodes the body.
     *
     * @return the body, or empty when the client went away while sending it (nothing can be answered)
     */
    static Optional<PostBody> read(BodyReader bodies, JsonRpcDecoder decoder, ServerRequest request) {
        try {
            JsonRpcDecoder.Decoded decoded = decoder.decode(bodies.read(request));
            return Optional.of(new PostBody(decoded, null, RefusalIds.of(decoded)));
        } catch (BodyReader.TooLargeException e) {
            return Optional.of(new PostBody(null, e, RefusalIds.ofPrefix(e.prefix())));
        } catch (BodyReader.MalformedException e) {
            return Optional.of(new PostBody(null, e, null));
        } catch (UncheckedIOException e) {
            return Optional.empty();
        }
    }

    /**
     * Answers a refusal of the request with its id; when the body failed, the connection then ends (the rest of the
     * body is not read).
     */
    void refuse(ServerResponse response, Status status, int code, String message) {
        if (failure != null) {
            ConnectionClose.announce(response);
        }
        Replies.error(response, status, id, code, message);
        if (failure != null) {
            throw ConnectionClose.afterRefusal();
        }
    }
}
