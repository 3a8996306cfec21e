package dev.switchboard.plugin.transport.http;

import java.io.UncheckedIOException;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.http.Handler;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import dev.switchboard.bridge.mcp.transport.ThrottledLog;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.http.EndpointResponse;
import dev.switchboard.ports.http.HttpEndpointCatalog;
import dev.switchboard.ports.http.HttpRoute;
import dev.switchboard.ports.http.SecurityHeaders;
import dev.switchboard.ports.storage.StorageException;

/**
 * Serves the HTTP endpoints plugins contribute, for every path the transport does not serve itself: the
 * {@code Host}/{@code Origin} check first (only a health probe skips it), then the route's access through the same
 * bearer authentication as {@code /mcp} (an {@code OWNER} route refuses other principals with 403), the body up to
 * the body limit (413), then the endpoint. An unknown path is 404 and a known path with another method 405 with
 * {@code Allow}. While the server stops, new requests get 503 and held streams are told their client is gone.
 * An endpoint whose store could not answer ({@code StorageException}: unreachable, busy) is answered 503 with
 * {@code Retry-After} (logged at INFO, at most one line per 10 s); anything else an endpoint throws is logged under a
 * correlation id and answered 500 with that id only. Thread-safe.
 */
final class EndpointHandler implements Handler {

    private static final Logger LOG = LoggerFactory.getLogger(EndpointHandler.class);

    private final ThrottledLog storageUnavailable = new ThrottledLog(ThrottledLog.DEFAULT_INTERVAL_MILLIS, LOG::info);

    private final HttpEndpointCatalog catalog;
    private final RequestGate gate;
    private final BodyReader bodies;
    private final ServingState state;
    private final HeldStreams held;

    EndpointHandler(
            HttpEndpointCatalog catalog, RequestGate gate, BodyReader bodies, ServingState state, HeldStreams held) {
        this.catalog = catalog;
        this.gate = gate;
        this.bodies = bodies;
        this.state = state;
        this.held = held;
    }

    @Override
    public void handle(ServerRequest request, ServerResponse response) {
        String method = request.prologue().method().text();
        String path = request.path().rawPath();
        Optional<HttpEndpointCatalog.Match> match = catalog.find(method, path);
        if (match.isEmpty()) {
            refuseUnknown(path, request, response);
            return;
        }
        HttpRoute route = match.get().endpoint().route();
        if (!route.probe() && !gate.checkOrigin(request, response)) {
            return;
        }
        Optional<Optional<Principal>> caller = caller(route.access(), request, response);
        if (caller.isEmpty()) {
            return;
        }
        CredentialLease lease =
                caller.get().map(principal -> gate.lease(request, principal)).orElse(CredentialLease.NONE);
        if (!state.enter()) {
            Replies.text(response, Status.SERVICE_UNAVAILABLE_503, "Service Unavailable: the server is stopping\n");
            return;
        }
        try {
            serve(match.get(), caller.get(), lease, request, response);
        } finally {
            state.exit();
        }
    }

    private void serve(
            HttpEndpointCatalog.Match match,
            Optional<Principal> caller,
            CredentialLease lease,
            ServerRequest request,
            ServerResponse response) {
        byte[] body;
        try {
            body = bodies.read(request);
        } catch (BodyReader.TooLargeException e) {
            response.header(HeaderNames.CONNECTION, "close");
            Replies.text(response, Status.REQUEST_ENTITY_TOO_LARGE_413, e.getMessage() + "\n");
            return;
        } catch (BodyReader.MalformedException e) {
            ConnectionClose.announce(response);
            Replies.text(response, Status.BAD_REQUEST_400, e.getMessage() + "\n");
            throw ConnectionClose.afterRefusal();
        } catch (UncheckedIOException e) {
            return;
        }
        ClientGoneSignal gone = new ClientGoneSignal();
        EndpointResponse reply;
        try {
            reply = match.endpoint().handle(EndpointRequests.of(request, match, body, caller, gone));
            if (reply == null) {
                throw new IllegalStateException("the endpoint returned no response");
            }
        } catch (StorageException e) {
            // the store could not answer (a session cookie or nonce looked up, a page read): not a defect, not a 401
            storageUnavailable.line("endpoint " + match.endpoint().route() + " of plugin " + match.owner()
                    + ": storage unavailable (" + e.getClass().getSimpleName() + "); answered 503");
            Replies.unavailable(
                    response, "Service Unavailable: the server's store is unreachable or busy; retry in a moment");
            return;
        } catch (RuntimeException | LinkageError | StackOverflowError e) {
            String correlation = UUID.randomUUID().toString();
            LOG.error(
                    "endpoint {} of plugin {} failed; correlation id {}",
                    match.endpoint().route(),
                    match.owner(),
                    correlation,
                    e);
            Replies.text(
                    response,
                    Status.INTERNAL_SERVER_ERROR_500,
                    "Internal Server Error: the server log has the details under correlation id " + correlation + "\n");
            return;
        }
        if (reply.status() == Status.UNAUTHORIZED_401.code()
                && match.endpoint().route().access() != HttpRoute.Access.NONE
                && !gate.failureAllowed(request, response)) {
            return; // a bogus board nonce or session cookie counts as a wrong token (ADR 22): past the burst, 429
        }
        switch (reply) {
            case EndpointResponse.Complete complete -> {
                if (lease.live()) {
                    EndpointReplies.complete(response, complete);
                } else {
                    Replies.withheld(response, lease.why(), null);
                }
            }
            case EndpointResponse.Streamed streamed -> {
                held.add(gone);
                try {
                    EndpointReplies.streamed(response, streamed, gone, lease);
                } finally {
                    held.remove(gone);
                }
            }
        }
    }

    /**
     * @return the principal for the handler (possibly none), or empty when the request was refused (and answered)
     */
    private Optional<Optional<Principal>> caller(
            HttpRoute.Access access, ServerRequest request, ServerResponse response) {
        return switch (access) {
            case NONE -> Optional.of(Optional.empty());
            case HANDLER ->
                request.headers().contains(HeaderNames.AUTHORIZATION)
                        ? gate.admit(request, response).map(Optional::of)
                        : Optional.of(Optional.<Principal>empty());
            case AUTHENTICATED -> gate.admit(request, response).map(Optional::of);
            case OWNER ->
                gate.admit(request, response).flatMap(principal -> {
                    if (principal.kind() == Principal.Kind.OWNER) {
                        return Optional.of(Optional.of(principal));
                    }
                    Replies.forbidden(
                            response, "Forbidden: this route is for the server's owner only (the owner token)");
                    return Optional.empty();
                });
        };
    }

    private void refuseUnknown(String path, ServerRequest request, ServerResponse response) {
        if (!gate.checkOrigin(request, response)) {
            return;
        }
        // a path under a plugin's pages (a board's /board/...) is refused with the same headers its pages carry
        SecurityHeaders.DEFAULTS.forEach(response::header);
        response.header("Content-Security-Policy", SecurityHeaders.HTML_CONTENT_SECURITY_POLICY);
        Set<String> methods = catalog.methods(path);
        if (methods.isEmpty()) {
            Replies.text(response, Status.NOT_FOUND_404, "Not Found\n");
        } else {
            response.header(
                    HeaderNames.ALLOW,
                    String.join(", ", methods.stream().sorted().toList()));
            Replies.text(response, Status.METHOD_NOT_ALLOWED_405, "Method Not Allowed\n");
        }
    }
}
