package dev.switchboard.plugin.mailbox.board.adapter.in.http;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.board.application.BoardReader;
import dev.switchboard.plugin.mailbox.board.application.BoardSessions;
import dev.switchboard.plugin.mailbox.board.application.FeatureSections;
import dev.switchboard.plugin.mailbox.board.application.Viewer;
import dev.switchboard.plugin.mailbox.board.domain.BoardLimits;
import dev.switchboard.plugin.mailbox.channel.application.CallerResolver;
import dev.switchboard.plugin.mailbox.hosted.application.Actor;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.http.EndpointRequest;
import dev.switchboard.ports.http.EndpointResponse;
import dev.switchboard.ports.http.SecurityHeaders;
import dev.switchboard.ports.tool.ErrorCode;
import dev.switchboard.ports.tool.Outcome;

/**
 * What every board route does before and after its page (seed-features §1C.8, behaviours 133, 138, 139): a {@code t}
 * nonce is redeemed into a {@code cc_board} session and answered 303 to its channel's board; otherwise the caller is
 * the owner's bearer (every channel), a view key's bearer or a live session (one channel); a role token is 403, no or
 * a dead session 401, another channel 403, an unknown channel or record 404, each as a page. Every response carries
 * the §1C.8 headers itself, whichever transport serves it. Thread-safe.
 */
@Singleton
final class BoardHttp {

    private static final Map<String, String> HEADERS;

    static {
        Map<String, String> headers = new LinkedHashMap<>(SecurityHeaders.DEFAULTS);
        headers.put("Content-Security-Policy", SecurityHeaders.HTML_CONTENT_SECURITY_POLICY);
        HEADERS = Map.copyOf(headers);
    }

    private final BoardSessions sessions;
    private final BoardReader reader;
    private final BoardPages pages;
    private final FeatureSections features;

    @Inject
    BoardHttp(BoardSessions sessions, BoardReader reader, BoardPages pages, FeatureSections features) {
        this.sessions = sessions;
        this.reader = reader;
        this.pages = pages;
        this.features = features;
    }

    /** @return the board's reads */
    BoardReader reader() {
        return reader;
    }

    /**
     * {@code GET /board}: the owner's index (the hosted channels, then every other feature's state summary); a viewer
     * is sent to its channel.
     */
    EndpointResponse index(EndpointRequest request) {
        return serve(
                request,
                viewer -> viewer.owner()
                        ? page(200, "index.jte", Map.of("channels", reader.index(), "features", features.read()))
                        : redirect(viewer.channel(), null));
    }

    /**
     * A page of one channel.
     *
     * @param request the request, whose {@code channel} path parameter names the channel
     * @param read    reads the page's content
     * @param template the template that shows it
     */
    <T> EndpointResponse channelPage(EndpointRequest request, Function<String, Outcome<T>> read, String template) {
        String channel = request.pathParameters().get("channel");
        return serve(request, viewer -> {
            if (!viewer.mayRead(channel)) {
                return problem(403, "Not your channel", "This board session reads another channel's board.");
            }
            return switch (read.apply(channel)) {
                case Outcome.Done<T> done -> page(200, template, Map.of("page", done.value()));
                case Outcome.Refused<T> refused ->
                    refused.refusal().code().equals(ErrorCode.NOT_FOUND)
                            ? problem(404, "Not found", refused.refusal().message())
                            : problem(400, "Refused", refused.refusal().message());
            };
        });
    }

    /** @return a 404 page for a path parameter that names nothing (a message id that is not a number) */
    EndpointResponse notFound(EndpointRequest request, String what) {
        return serve(request, viewer -> problem(404, "Not found", what));
    }

    private EndpointResponse serve(EndpointRequest request, Function<Viewer, EndpointResponse> page) {
        Optional<String> nonce = request.queryParameter(BoardLimits.NONCE_PARAMETER);
        if (nonce.isPresent()) {
            return sessions.redeem(nonce.get())
                    .map(opened -> redirect(opened.channel(), cookie(opened.sessionId(), request)))
                    .orElseGet(() -> problem(
                            401,
                            "This board link no longer works",
                            "A board link opens the board once, within 300 seconds. Ask for a new one (board_link)."));
        }
        Optional<Principal> principal = request.principal();
        if (principal.isPresent()) {
            return viewerOf(principal.get())
                    .map(page)
                    .orElseGet(() -> problem(
                            403,
                            "Role tokens do not open the board",
                            "A role token works on /mcp and the status endpoints. To watch the board, open a board"
                                    + " link (board_link) in a browser."));
        }
        String session = request.cookies().get(BoardLimits.COOKIE);
        if (session == null) {
            return problem(
                    401,
                    "Not signed in",
                    "Open a board link (the board_link tool makes one) to read this channel's board.");
        }
        return sessions.viewer(session)
                .map(page)
                .orElseGet(() -> problem(
                        401,
                        "Your board session has ended",
                        "It expired, or the view key it came from was revoked (rotate_token, revoke_board_access)."
                                + " Ask for a new board link."));
    }

    private static Optional<Viewer> viewerOf(Principal principal) {
        if (CallerResolver.isNetworkOwner(principal)) {
            return Optional.of(Viewer.OWNER);
        }
        String channel = principal.attributes().get(Actor.CHANNEL);
        return principal.kind() == Principal.Kind.VIEWER && channel != null
                ? Optional.of(Viewer.of(channel))
                : Optional.empty();
    }

    private static String cookie(String sessionId, EndpointRequest request) {
        return BoardLimits.COOKIE + "=" + sessionId + "; HttpOnly; SameSite=Lax; Path=/board; Max-Age="
                + BoardLimits.SESSION_TTL.toSeconds() + (TrustedProxy.servesHttps(request) ? "; Secure" : "");
    }

    private static EndpointResponse redirect(String channel, String cookie) {
        Map<String, List<String>> headers = headers();
        headers.put("Location", List.of("/board/" + URLEncoder.encode(channel, StandardCharsets.UTF_8)));
        if (cookie != null) {
            headers.put("Set-Cookie", List.of(cookie));
        }
        return new EndpointResponse.Complete(303, headers, new byte[0]);
    }

    private EndpointResponse problem(int status, String title, String message) {
        return page(status, "problem.jte", Map.of("status", status, "title", title, "message", message));
    }

    private EndpointResponse page(int status, String template, Map<String, Object> parameters) {
        Map<String, List<String>> headers = headers();
        headers.put("Content-Type", List.of("text/html; charset=utf-8"));
        byte[] body = pages.render(template, parameters).getBytes(StandardCharsets.UTF_8);
        return new EndpointResponse.Complete(status, headers, body);
    }

    private static Map<String, List<String>> headers() {
        Map<String, List<String>> headers = new HashMap<>();
        HEADERS.forEach((name, value) -> headers.put(name, List.of(value)));
        return headers;
    }
}
