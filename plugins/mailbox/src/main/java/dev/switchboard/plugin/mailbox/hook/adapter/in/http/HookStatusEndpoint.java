package dev.switchboard.plugin.mailbox.hook.adapter.in.http;

import java.util.Map;

import jakarta.inject.Inject;
import jakarta.inject.Provider;

import org.pf4j.Extension;

import tools.jackson.databind.json.JsonMapper;

import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.CallerResolver;
import dev.switchboard.plugin.mailbox.hook.application.ActionableCounts;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.http.EndpointRequest;
import dev.switchboard.ports.http.EndpointResponse;
import dev.switchboard.ports.http.HttpEndpoint;
import dev.switchboard.ports.http.HttpRoute;
import dev.switchboard.ports.tool.Outcome;

/**
 * {@code GET /hook-status} (seed-features §1C.8): for a channel role token, {@code 200 {"channel", "role", "counts"}},
 * {@code counts} being the role's actionable counters (§1C.6), zeros included. No or a bad token is 401 before this
 * runs (the kernel's authentication); the owner token, an admin or a viewer's view key is 403
 * {@code {"error": "forbidden", "message": ...}}. Reads only. Thread-safe.
 */
@Extension
public final class HookStatusEndpoint implements HttpEndpoint {

    /** The route's path. */
    public static final String PATH = "/hook-status";

    private static final HttpRoute ROUTE = HttpRoute.of("GET", PATH, HttpRoute.Access.AUTHENTICATED);

    private static final JsonMapper JSON = JsonMapper.builder().build();

    // Providers: the endpoint is built at every start (stdio too); the stores behind these are built on the first
    // request.
    private final Provider<CallerResolver> callers;
    private final Provider<ActionableCounts> counts;

    @Inject
    HookStatusEndpoint(Provider<CallerResolver> callers, Provider<ActionableCounts> counts) {
        this.callers = callers;
        this.counts = counts;
    }

    @Override
    public HttpRoute route() {
        return ROUTE;
    }

    @Override
    public EndpointResponse handle(EndpointRequest request) {
        Principal principal = request.principal().orElse(null);
        if (principal == null || principal.kind() != Principal.Kind.CHANNEL_ROLE) {
            return forbidden("/hook-status answers a channel role token only; the owner token and view keys have no"
                    + " role in a channel");
        }
        Outcome<Caller> caller = callers.get().identify(principal);
        if (!(caller instanceof Outcome.Done<Caller> done)) {
            return forbidden(((Outcome.Refused<Caller>) caller).refusal().message());
        }
        return EndpointResponse.json(
                200, JSON.writeValueAsString(counts.get().of(done.value()).toWire()));
    }

    private static EndpointResponse forbidden(String message) {
        return EndpointResponse.json(403, JSON.writeValueAsString(Map.of("error", "forbidden", "message", message)));
    }
}
