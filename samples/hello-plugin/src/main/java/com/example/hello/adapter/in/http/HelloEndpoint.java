package com.example.hello.adapter.in.http;

import org.pf4j.Extension;

import com.example.hello.domain.Greeting;

import dev.switchboard.ports.http.EndpointRequest;
import dev.switchboard.ports.http.EndpointResponse;
import dev.switchboard.ports.http.HttpEndpoint;
import dev.switchboard.ports.http.HttpRoute;

/** {@code GET /hello?name=...}: the greeting as plain text, to the owner token only. Thread-safe. */
@Extension
public final class HelloEndpoint implements HttpEndpoint {

    private static final HttpRoute ROUTE = HttpRoute.of("GET", "/hello", HttpRoute.Access.OWNER);
    private static final int MAX_NAME = 100;

    @Override
    public HttpRoute route() {
        return ROUTE;
    }

    @Override
    public EndpointResponse handle(EndpointRequest request) {
        String name = request.queryParameter("name").orElse("world");
        if (name.isBlank() || name.length() > MAX_NAME) {
            return EndpointResponse.text(400, "name must be 1 to " + MAX_NAME + " characters");
        }
        return EndpointResponse.text(200, Greeting.of(name, false));
    }
}
