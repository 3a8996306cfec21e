package dev.switchboard.plugin.transport.http;

import java.util.List;
import java.util.Optional;

import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.http.Handler;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;
import io.modelcontextprotocol.spec.McpSchema;

import dev.switchboard.bridge.mcp.ModernServerHandle;
import dev.switchboard.bridge.mcp.transport.ClientMistakes;
import dev.switchboard.bridge.mcp.transport.JsonRpcDecoder;
import dev.switchboard.bridge.mcp.transport.JsonRpcErrors;
import dev.switchboard.bridge.mcp.transport.ModernAttempts;
import dev.switchboard.bridge.mcp.transport.ModernEra;
import dev.switchboard.ports.call.Principal;

/**
 * {@code POST /mcp}: the checks in order (Host and Origin 403, token 400/401, {@code Accept} 406,
 * {@code Content-Type} 415, protocol version 400, body size 413 and broken chunked framing 400 (the connection is
 * then closed, since the unread body must never be parsed as a next request), UTF-8, JSON, duplicate keys, nesting depth and JSON-RPC shape 400),
 * then the {@link MessageDispatcher}, which checks batches against the session's protocol version. Nothing reaches
 * the SDK before every check passed. The body of an admitted caller is read before its headers are checked
 * ({@link PostBody}), so that each refusal from {@code Accept} on carries the request's id when it can be read; so
 * does the 429 of an admitted credential over its rate limit. The refusals of a caller that is not admitted (403,
 * 401, and the 429 of an address that presented too many refused credentials) read no body and carry a null id. A single request of the modern era
 * ({@link ModernEra#claims}: a protocol version in {@code _meta}, or {@code server/discover}) goes to
 * {@link ModernRequests} instead, sessionless (ADR 42); its {@code MCP-Protocol-Version} is checked there against the
 * body, so a header the legacy era does not speak is refused (400) only once the body shows a legacy request. A
 * message that tries the modern era without being such a request (malformed params, a notification, a response, a
 * batch: {@link ModernAttempts}) gets the modern era's answer, never the legacy path's.
 * Thread-safe.
 */
final class PostHandler implements Handler {

    private final Preconditions preconditions;
    private final BodyReader bodies;
    private final JsonRpcDecoder decoder;
    private final MessageDispatcher dispatcher;
    private final ClientMistakes mistakes;
    private final ModernRequests modern;

    PostHandler(
            Preconditions preconditions,
            BodyReader bodies,
            JsonRpcDecoder decoder,
            MessageDispatcher dispatcher,
            ClientMistakes mistakes,
            ModernRequests modern) {
        this.modern = modern;
        this.preconditions = preconditions;
        this.bodies = bodies;
        this.decoder = decoder;
        this.dispatcher = dispatcher;
        this.mistakes = mistakes;
    }

    @Override
    public void handle(ServerRequest request, ServerResponse response) {
        // a caller over its rate limit is admitted, so its 429 reads the body to name the request's id
        Optional<Principal> caller = preconditions.caller(
                request,
                response,
                (refused, status, code, message) -> PostBody.read(bodies, decoder, request)
                        .ifPresent(body -> body.refuse(refused, status, code, message)));
        if (caller.isEmpty()) {
            return;
        }
        CredentialLease lease = preconditions.lease(request, caller.get());
        Optional<PostBody> read = PostBody.read(bodies, decoder, request);
        if (read.isEmpty()) {
            return;
        }
        PostBody body = read.get();
        if (!MediaTypes.acceptsAll(
                request.headers().all(HeaderNames.ACCEPT, List::of),
                McpHeaders.APPLICATION_JSON,
                McpHeaders.TEXT_EVENT_STREAM)) {
            body.refuse(
                    response,
                    Status.NOT_ACCEPTABLE_406,
                    Replies.SERVER_ERROR,
                    "Not Acceptable: the client must accept both application/json and text/event-stream");
            return;
        }
        if (!MediaTypes.isJson(request.headers().first(HeaderNames.CONTENT_TYPE).orElse(null))) {
            body.refuse(
                    response,
                    Status.UNSUPPORTED_MEDIA_TYPE_415,
                    Replies.SERVER_ERROR,
                    "Unsupported Media Type: send Content-Type: application/json");
            return;
        }
        // A version the legacy era does not speak may be the modern era's (or one the client hopes for): the body
        // says which, so its refusal waits for the body; any other request is checked here, as before.
        boolean versionSpoken = preconditions.speaksLegacyVersion(request);
        if (body.failure() instanceof BodyReader.TooLargeException e) {
            mistakes.record("body larger than the limit");
            body.refuse(response, Status.REQUEST_ENTITY_TOO_LARGE_413, Replies.SERVER_ERROR, e.getMessage());
            return;
        }
        if (body.failure() != null) {
            mistakes.record("malformed chunked body");
            body.refuse(
                    response,
                    Status.BAD_REQUEST_400,
                    Replies.PARSE_ERROR,
                    body.failure().getMessage());
            return;
        }
        switch (body.decoded()) {
            case JsonRpcDecoder.Invalid invalid
            when invalid.response() -> {
                // The rule of both transports (JsonRpcDecoder.Invalid#refusal): never processed, answered -32600
                // with id null, never with its id (which would be taken for the answer to the client's own request);
                // here the POST itself fails too (MCP streamable HTTP)
                mistakes.record("refused a malformed response");
                Replies.error(response, Status.BAD_REQUEST_400, null, invalid.code(), invalid.message());
            }
            case JsonRpcDecoder.Invalid invalid -> {
                mistakes.record(invalid.message());
                Replies.error(response, Status.BAD_REQUEST_400, body.id(), invalid.code(), invalid.message());
            }
            case JsonRpcDecoder.Single single
            when ModernEra.claims(single.message()) ->
                modern.answer((McpSchema.JSONRPCRequest) single.message(), caller.get(), lease, request, response);
            case JsonRpcDecoder.Single single -> {
                Optional<ModernServerHandle.Answer> misfit =
                        ModernAttempts.answer(single.message(), protocolHeader(request));
                if (misfit.isPresent()) {
                    modern.misfit(misfit.get(), response);
                } else if (!versionSpoken) {
                    refuseVersion(request, response, body);
                } else {
                    dispatcher.single(single.message(), body.id(), caller.get(), lease, request, response);
                }
            }
            case JsonRpcDecoder.Batch batch -> {
                Optional<String> modernBatch = ModernAttempts.batchRefusal(batch.messages(), protocolHeader(request));
                if (modernBatch.isPresent()) {
                    mistakes.record(modernBatch.get());
                    Replies.error(
                            response, Status.BAD_REQUEST_400, null, JsonRpcErrors.INVALID_REQUEST, modernBatch.get());
                } else if (!versionSpoken) {
                    refuseVersion(request, response, body);
                } else {
                    dispatcher.batch(batch.messages(), caller.get(), lease, request, response);
                }
            }
        }
    }

    private static String protocolHeader(ServerRequest request) {
        return request.headers().first(McpHeaders.PROTOCOL_VERSION).orElse(null);
    }

    private void refuseVersion(ServerRequest request, ServerResponse response, PostBody body) {
        body.refuse(
                response,
                Status.BAD_REQUEST_400,
                Replies.SERVER_ERROR,
                preconditions.unsupportedVersion(request).orElseThrow());
    }
}
