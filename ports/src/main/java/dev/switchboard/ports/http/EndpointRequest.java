package dev.switchboard.ports.http;

import java.net.InetSocketAddress;
import java.net.http.HttpHeaders;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import dev.switchboard.ports.call.Cancellation;
import dev.switchboard.ports.call.Principal;

/**
 * One request to an {@link HttpEndpoint}, as the transport hands it over: already past the {@code Host}/{@code Origin}
 * check and the route's access, its body read. Immutable (the body is copied in and out) and thread-safe.
 *
 * @param method         the request method, such as {@code GET}
 * @param path           the request path, not decoded, without the query ({@code /board/a%20b})
 * @param pathParameters the route's {@code {name}} segments, decoded
 * @param query          the query parameters, decoded, in order of appearance per name
 * @param headers        the request headers (names compared case-insensitively, as {@link HttpHeaders} does)
 * @param cookies        the {@code Cookie} header's pairs by name (the first when a name repeats)
 * @param body           the body's bytes; empty when there is none
 * @param principal      who is calling, when the route's access resolved one (always for {@code OWNER} and
 *                       {@code AUTHENTICATED}; for {@code HANDLER} only when a token was sent; never for
 *                       {@code NONE})
 * @param remote         the peer's address, as the socket sees it (a proxy's, behind a proxy)
 * @param clientGone     raised once the client is known to have gone away (for a streamed response, see
 *                       {@link EndpointResponse.Streamed}); for other requests it may never be raised
 */
public record EndpointRequest(
        String method,
        String path,
        Map<String, String> pathParameters,
        Map<String, List<String>> query,
        HttpHeaders headers,
        Map<String, String> cookies,
        byte[] body,
        Optional<Principal> principal,
        InetSocketAddress remote,
        Cancellation clientGone) {

    /** @throws NullPointerException if a component is null */
    public EndpointRequest {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(path, "path");
        pathParameters = Map.copyOf(pathParameters);
        query = Map.copyOf(query);
        Objects.requireNonNull(headers, "headers");
        cookies = Map.copyOf(cookies);
        body = body.clone();
        Objects.requireNonNull(principal, "principal");
        Objects.requireNonNull(remote, "remote");
        Objects.requireNonNull(clientGone, "clientGone");
    }

    @Override
    public byte[] body() {
        return body.clone();
    }

    /**
     * @param name a query parameter's name
     * @return its first value, when present
     */
    public Optional<String> queryParameter(String name) {
        List<String> values = query.get(name);
        return values == null || values.isEmpty() ? Optional.empty() : Optional.of(values.getFirst());
    }
}
