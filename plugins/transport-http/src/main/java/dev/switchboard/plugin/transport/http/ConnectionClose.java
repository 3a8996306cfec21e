package dev.switchboard.plugin.transport.http;

import io.helidon.http.HeaderValues;
import io.helidon.webserver.CloseConnectionException;
import io.helidon.webserver.http.ServerResponse;

/**
 * Ends a connection after a refusal that left request body bytes unread (413 on a declared or streamed size). Helidon
 * keeps a connection open after a response with {@code Connection: close} when the handler did not read the body,
 * and would then parse the unread bytes as the next request: a request hidden in the body of a refused one would run
 * (request smuggling, which behind a proxy that reuses connections poisons its response queue). Throwing Helidon's
 * {@link CloseConnectionException} after the answer was sent makes its connection loop close the socket.
 */
final class ConnectionClose {

    private ConnectionClose() {}

    /** Marks the response so that the client knows the connection ends; call before sending it. */
    static void announce(ServerResponse response) {
        response.header(HeaderValues.CONNECTION_CLOSE);
    }

    /** @return the exception to throw once the refusal was sent; it closes the connection without a log line */
    static CloseConnectionException afterRefusal() {
        return new CloseConnectionException("the request body was refused unread; closing the connection");
    }
}
