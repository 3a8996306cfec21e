package dev.switchboard.kernel.testplugins.routes;

import org.pf4j.Extension;

import dev.switchboard.ports.http.EndpointRequest;
import dev.switchboard.ports.http.EndpointResponse;
import dev.switchboard.ports.http.HttpEndpoint;
import dev.switchboard.ports.http.HttpRoute;

/** Serves {@code GET /board/{page}}, which overlaps {@link StatusEndpoint}'s route. */
@Extension
public final class PageEndpoint implements HttpEndpoint {
    @Override
    public HttpRoute route() {
        return HttpRoute.of("GET", "/board/{page}", HttpRoute.Access.NONE);
    }

    @Override
    public EndpointResponse handle(EndpointRequest request) {
        return EndpointResponse.text(200, request.pathParameters().get("page"));
    }
}
