package dev.switchboard.plugin.mailbox.board.adapter.in.http;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.inject.Inject;
import jakarta.inject.Provider;

import org.pf4j.Extension;

import tools.jackson.databind.json.JsonMapper;

import dev.switchboard.plugin.mailbox.board.application.OwnerBoardAccess;
import dev.switchboard.ports.http.EndpointRequest;
import dev.switchboard.ports.http.EndpointResponse;
import dev.switchboard.ports.http.HttpEndpoint;
import dev.switchboard.ports.http.HttpRoute;

/**
 * {@code POST /board/owner-link}: the server's owner, by its token as a bearer, mints an owner board link (ADR 69),
 * answered {@code 200} as {@code {"url": "<public-url>/board?t=<nonce>", "expires_in_s": 300}} with
 * {@code Cache-Control: no-store}. Access {@code OWNER}: the kernel answers a missing or wrong token 401 and any other
 * credential (a role token, a view key) 403 before this runs, so only the owner token mints; a board session cookie
 * is no credential here. The body is ignored. Thread-safe.
 */
@Extension
public final class OwnerLinkEndpoint implements HttpEndpoint {

    private static final HttpRoute ROUTE = HttpRoute.of("POST", "/board/owner-link", HttpRoute.Access.OWNER);
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final Provider<OwnerBoardAccess> owners;

    /** Built by the plugin's injector; builds nothing until the first request. */
    @Inject
    public OwnerLinkEndpoint(Provider<OwnerBoardAccess> owners) {
        this.owners = owners;
    }

    @Override
    public HttpRoute route() {
        return ROUTE;
    }

    @Override
    public EndpointResponse handle(EndpointRequest request) {
        OwnerBoardAccess.Link link = owners.get().mint("http");
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("url", link.url());
        answer.put("expires_in_s", link.expiresIn());
        return new EndpointResponse.Complete(
                200,
                Map.of("Content-Type", List.of("application/json"), "Cache-Control", List.of("no-store")),
                JSON.writeValueAsString(answer).getBytes(StandardCharsets.UTF_8));
    }
}
