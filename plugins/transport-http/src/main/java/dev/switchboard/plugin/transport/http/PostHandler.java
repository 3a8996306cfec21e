package dev.switchboard.plugin.transport.http;

import java.io.UncheckedIOException;
import java.util.List;
import java.util.Optional;

import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.http.Handler;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import dev.switchboard.ports.call.Principal;

/**
 * {@code POST /mcp}: the checks in order (Host and Origin 403, token 400/401, {@code Accept} 406,
 * {@code Content-Type} 415, protocol version 400, body size 413, nesting depth and JSON-RPC shape 400, batches on
 * versions without them 400), then the {@link MessageDispatcher}. Nothing reaches the SDK before every check passed.
 * Thread-safe.
 */
final class PostHandler implements Handler {

    private final Preconditions preconditions;
    private final BodyReader bodies;
    private final JsonRpcDecoder decoder;
    private final MessageDispatcher dispatcher;

    PostHandler(Preconditions preconditions, BodyReader bodies, JsonRpcDecoder decoder,
                MessageDispatcher dispatcher) {
        this.preconditions = preconditions;
        this.bodies = bodies;
        this.decoder = decoder;
        this.dispatcher = dispatcher;
    }

    @Override
    public void handle(ServerRequest request, ServerResponse response) {
        Optional<Principal> caller = preconditions.caller(request, response);
        if (caller.isEmpty()) {
            return;
        }
        if (!MediaTypes.acceptsAll(request.headers().all(HeaderNames.ACCEPT, List::of), McpHeaders.APPLICATION_JSON,
                McpHeaders.TEXT_EVENT_STREAM)) {
            Replies.error(response, Status.NOT_ACCEPTABLE_406, Replies.SERVER_ERROR,
                    "Not Acceptable: the client must accept both application/json and text/event-stream");
            return;
        }
        if (!MediaTypes.isJson(request.headers().first(HeaderNames.CONTENT_TYPE).orElse(null))) {
            Replies.error(response, Status.UNSUPPORTED_MEDIA_TYPE_415, Replies.SERVER_ERROR,
                    "Unsupported Media Type: send Content-Type: application/json");
            return;
        }
        Optional<String> version = preconditions.version(request, response);
        if (version.isEmpty()) {
            return;
        }
        byte[] body;
        try {
            body = bodies.read(request);
        } catch (BodyReader.TooLargeException e) {
            response.header(HeaderNames.CONNECTION, "close");
            Replies.error(response, Status.REQUEST_ENTITY_TOO_LARGE_413, Replies.SERVER_ERROR, e.getMessage());
            return;
        } catch (UncheckedIOException e) {
            return;
        }
        switch (decoder.decode(body)) {
            case JsonRpcDecoder.Invalid invalid -> Replies.error(response, Status.BAD_REQUEST_400, invalid.id(),
                    invalid.code(), invalid.message());
            case JsonRpcDecoder.Single single -> dispatcher.single(single.message(), caller.get(), request, response);
            case JsonRpcDecoder.Batch batch when !ProtocolVersions.allowsBatches(version.get()) -> Replies.error(
                    response, Status.BAD_REQUEST_400, Replies.INVALID_REQUEST, "Invalid Request: JSON-RPC batches"
                            + " are not part of protocol version " + version.get() + "; send one message per POST");
            case JsonRpcDecoder.Batch batch -> dispatcher.batch(batch.messages(), caller.get(), request, response);
        }
    }
}
