package dev.switchboard.plugin.transport.http;

import io.helidon.http.HeaderValues;
import io.helidon.webserver.CloseConnectionException;
import io.helidon.webserver.http.Filter;
import io.helidon.webserver.http.FilterChain;
import io.helidon.webserver.http.RoutingRequest;
import io.helidon.webserver.http.RoutingResponse;
import io.helidon.webserver.http.ServerRequest;

/**
 * Ends the connection after an answer when it must not carry another request, which Helidon 4.5 does not do by itself:
 * the client sent {@code Connection: close}, the answer said {@code Connection: close}, or the request's body was
 * left unread (a refusal before the body: closing is cheaper and safer than reading a body nobody wants, which a
 * stalled client could make last forever, and the unread bytes are never parsed as a next request). Such an answer
 * carries {@code Connection: close}. Every route passes it. Stateless, thread-safe.
 */
final class ConnectionEnd implements Filter {

    @Override
    public void filter(FilterChain chain, RoutingRequest request, RoutingResponse response) {
        boolean clientCloses = request.headers().containsToken(HeaderValues.CONNECTION_CLOSE);
        response.beforeSend(() -> {
            if (clientCloses || bodyUnread(request)) {
                response.header(HeaderValues.CONNECTION_CLOSE);
            }
        });
        chain.proceed();
        if (clientCloses || bodyUnread(request) || response.headers().containsToken(HeaderValues.CONNECTION_CLOSE)) {
            throw new CloseConnectionException("the connection ends with this answer");
        }
    }

    private static boolean bodyUnread(ServerRequest request) {
        return request.content().hasEntity() && !request.content().consumed();
    }
}
