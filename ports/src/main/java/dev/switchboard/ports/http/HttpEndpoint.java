package dev.switchboard.ports.http;

import org.pf4j.ExtensionPoint;

/**
 * Extension point of a plugin's HTTP endpoints: one route, one handler. An HTTP transport serves every started
 * plugin's endpoints beside {@code /mcp}, behind the same {@code Host}/{@code Origin} allowlist (a refused one gets
 * 403 before any endpoint runs; only a {@linkplain HttpRoute#probe health probe} is exempt) and the same bearer-token
 * authentication, as the route's {@link HttpRoute.Access} asks.
 *
 * <p>A route that overlaps another plugin's (same method, and some path matches both), or a path the transport
 * serves itself ({@code /mcp}, {@code /healthz}, {@code /readyz}), fails the start of the plugin that registered it
 * later, naming both.
 *
 * <p>Handlers are called concurrently, each request on its own virtual thread: they MUST be thread-safe and MAY
 * block. Anything a handler throws is logged with a correlation id and answered {@code 500} with that id only (never
 * a stack trace). A handler SHOULD answer a bad request with a 4xx and a short reason, and MUST NOT echo credentials.
 */
public interface HttpEndpoint extends ExtensionPoint {

    /** @return the route this endpoint answers; MUST return the same value on every call */
    HttpRoute route();

    /**
     * Answers one request whose method and path matched {@link #route()} and whose caller passed the route's access.
     *
     * @param request the request, its body already read (up to the transport's body limit; a larger one is answered
     *                413 without calling this)
     * @return the response; never null
     */
    EndpointResponse handle(EndpointRequest request);
}
