package dev.switchboard.plugin.mailbox.board.adapter.in.http;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.BiFunction;
import java.util.function.Function;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.board.application.ActionNotice;
import dev.switchboard.plugin.mailbox.board.application.BoardCsrf;
import dev.switchboard.plugin.mailbox.board.application.BoardReader;
import dev.switchboard.plugin.mailbox.board.application.BoardSessions;
import dev.switchboard.plugin.mailbox.board.application.DecisionReader;
import dev.switchboard.plugin.mailbox.board.application.FeatureSections;
import dev.switchboard.plugin.mailbox.board.application.OwnerBoardAccess;
import dev.switchboard.plugin.mailbox.board.application.Viewer;
import dev.switchboard.plugin.mailbox.board.domain.BoardLimits;
import dev.switchboard.plugin.mailbox.channel.application.CallerResolver;
import dev.switchboard.plugin.mailbox.channel.domain.ClientText;
import dev.switchboard.plugin.mailbox.hosted.application.Actor;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.http.EndpointRequest;
import dev.switchboard.ports.http.EndpointResponse;
import dev.switchboard.ports.http.SecurityHeaders;
import dev.switchboard.ports.summary.ActionResult;
import dev.switchboard.ports.tool.ErrorCode;
import dev.switchboard.ports.tool.Outcome;

/**
 * What every board route does before and after its page (seed-features §1C.8, behaviours 133, 138, 139): a {@code t}
 * nonce is redeemed into a {@code cc_board} session and answered 303 to its channel's board; otherwise the caller is
 * the owner's bearer (every channel), a view key's bearer or a live session (one channel); a role token is 403, no or
 * a dead session 401, another channel 403, an unknown channel or record 404, each as a page; a message asked for on
 * the other kind's page (a proposal as a debt, a debt as a proposal) 303 to its own page. Every response carries
 * the §1C.8 headers itself, whichever transport serves it. Thread-safe.
 */
@Singleton
final class BoardHttp {

    /**
     * The board's policy (ADR 67): the transport's default for HTML, except that the board's own stylesheet and
     * script (same origin, never inline), its event streams and its owner's forms are allowed.
     */
    static final String CONTENT_SECURITY_POLICY = "default-src 'none'; script-src 'self'; style-src 'self';"
            + " connect-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

    private static final Map<String, String> HEADERS;

    static {
        Map<String, String> headers = new LinkedHashMap<>(SecurityHeaders.DEFAULTS);
        headers.put("Content-Security-Policy", CONTENT_SECURITY_POLICY);
        HEADERS = Map.copyOf(headers);
    }

    private final BoardSessions sessions;
    private final BoardReader reader;
    private final BoardPages pages;
    private final FeatureSections features;
    private final BoardEvents events;
    private final BoardCsrf csrf;
    private final OwnerBoardAccess owners;

    @Inject
    BoardHttp(
            BoardSessions sessions,
            OwnerBoardAccess owners,
            BoardReader reader,
            BoardPages pages,
            FeatureSections features,
            BoardEvents events,
            BoardCsrf csrf) {
        this.sessions = sessions;
        this.owners = owners;
        this.reader = reader;
        this.pages = pages;
        this.features = features;
        this.events = events;
        this.csrf = csrf;
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
        return serve(request, (viewer, subject) -> {
            if (!viewer.owner()) {
                return redirect(viewer.channel(), null);
            }
            Map<String, Object> parameters = new HashMap<>();
            parameters.put("channels", reader.index());
            parameters.put("features", features.read());
            parameters.put("csrf", csrf.token(subject));
            parameters.put(
                    "notice",
                    ActionNotice.of(
                                    request.queryParameter("done").orElse(null),
                                    request.queryParameter("gone").orElse(null),
                                    request.queryParameter("target").orElse(null))
                            .orElse(null));
            return ownerPage("index.jte", parameters);
        });
    }

    /**
     * A page's event stream, asked for with {@code Accept: text/event-stream} on the page's own path (ADR 67): the
     * same checks as the page, then {@code event: change} whenever what the page shows may have changed (the owner's
     * index: every feature's topics; a channel's pages: the channel's).
     */
    EndpointResponse events(EndpointRequest request) {
        String channel = request.pathParameters().get("channel");
        return serve(request, (viewer, subject) -> {
            if (channel == null) {
                return viewer.owner()
                        ? events.stream(features.topics(), headers())
                        : problem(403, "Not your board", "Only the server's owner watches the index.");
            }
            if (!viewer.mayRead(channel)) {
                return problem(403, "Not your channel", "This board session reads another channel's board.");
            }
            return switch (reader.topic(channel)) {
                case Outcome.Done<String> done -> events.stream(List.of(done.value()), headers());
                case Outcome.Refused<String> refused ->
                    problem(404, "Not found", refused.refusal().message());
            };
        });
    }

    /**
     * {@code POST /board}: an owner's action from the index (ADR 67, ADR 69), such as aborting a workspace command.
     * Acted on only when every check passes, in this order: credentials (none or a dead session 401), the server's
     * owner (a view key, as a bearer or a session, or a role token 403), a same-origin {@code Origin} (403), the
     * viewer's CSRF token (403), a well-formed action that a feature takes (400); each refusal is a page that says
     * nothing was done. Then {@code 303} back to the index with the outcome in its query ({@link ActionNotice}):
     * {@code done} when the feature took the action, {@code gone} when its target is not there (ended, or never was).
     */
    EndpointResponse act(EndpointRequest request) {
        Access access = access(request);
        if (access.refusal() != null) {
            return access.refusal();
        }
        if (!access.viewer().owner()) {
            return problem(
                    403, "Only the owner acts", "Only the server's owner may act on the board; nothing was done.");
        }
        if (!SameOrigin.holds(request)) {
            return problem(403, "Refused", "The request did not come from this board's own pages; nothing was done.");
        }
        Map<String, String> form = FormBody.parse(request.body());
        if (!csrf.matches(access.subject(), form.get("csrf"))) {
            return problem(403, "This form has expired", "Reload the board and try again; nothing was done.");
        }
        String action = form.getOrDefault("action", "");
        String target = form.getOrDefault("target", "");
        boolean wellFormed = ActionNotice.isAction(action) && ActionNotice.isTarget(target);
        ActionResult result = wellFormed ? features.perform(action, target) : ActionResult.UNKNOWN;
        if (result == ActionResult.UNKNOWN) {
            return problem(400, "Unknown action", "No feature takes this action; nothing was done.");
        }
        Map<String, List<String>> headers = headers();
        headers.put("Location", List.of(ActionNotice.location(result, action, target)));
        return new EndpointResponse.Complete(303, headers, new byte[0]);
    }

    /**
     * {@link #channelPage} for a page of one message, named by the path's {@code {id}}: a segment that cannot be a
     * message id is a 404 page before anything is read.
     *
     * @param read the page's values for the channel and the message id
     */
    <T> EndpointResponse messagePage(
            EndpointRequest request, BiFunction<String, Long, Outcome<T>> read, String template) {
        String id = request.pathParameters().get("id");
        OptionalLong parsed = MessageIds.parse(id);
        if (parsed.isEmpty()) {
            return notFound(request, "There is no message " + ClientText.quoted(id) + ".");
        }
        long messageId = parsed.getAsLong();
        return channelPage(request, channel -> read.apply(channel, messageId), template);
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
        return serve(request, (viewer, subject) -> {
            if (!viewer.mayRead(channel)) {
                return problem(403, "Not your channel", "This board session reads another channel's board.");
            }
            return switch (read.apply(channel)) {
                case Outcome.Done<T> done -> page(200, template, Map.of("page", done.value()));
                case Outcome.Refused<T> refused ->
                    refused.refusal().details().get(DecisionReader.SEE_OTHER) instanceof String other
                            ? seeOther(channel, other)
                            : refused.refusal().code().equals(ErrorCode.NOT_FOUND)
                                    ? problem(
                                            404, "Not found", refused.refusal().message())
                                    : problem(400, "Refused", refused.refusal().message());
            };
        });
    }

    /** @return a 303 to another page of the channel's board, such as a proposal asked for as a debt */
    private static EndpointResponse seeOther(String channel, String page) {
        Map<String, List<String>> headers = headers();
        headers.put("Location", List.of("/board/" + URLEncoder.encode(channel, StandardCharsets.UTF_8) + "/" + page));
        return new EndpointResponse.Complete(303, headers, new byte[0]);
    }

    /** @return a 404 page for a path parameter that names nothing (a message id that is not a number) */
    EndpointResponse notFound(EndpointRequest request, String what) {
        return serve(request, (viewer, subject) -> problem(404, "Not found", what));
    }

    private EndpointResponse serve(EndpointRequest request, BiFunction<Viewer, String, EndpointResponse> page) {
        Optional<String> nonce = request.queryParameter(BoardLimits.NONCE_PARAMETER);
        if (nonce.isPresent()) {
            return request.pathParameters().containsKey("channel")
                    ? redeemViewLink(nonce.get(), request)
                    : redeemOwnerLink(nonce.get(), request);
        }
        Access access = access(request);
        return access.refusal() != null ? access.refusal() : page.apply(access.viewer(), access.subject());
    }

    /**
     * Who is looking (ADR 69), in this order: a bearer (the owner's: every channel; a view key's: one; a role token's:
     * 403), an owner session's cookie, a view key's session cookie; none, or only dead sessions, 401.
     */
    private Access access(EndpointRequest request) {
        Optional<Principal> principal = request.principal();
        if (principal.isPresent()) {
            return viewerOf(principal.get())
                    .map(viewer ->
                            Access.of(viewer, "principal:" + principal.get().id()))
                    .orElseGet(() -> Access.refused(problem(
                            403,
                            "Role tokens do not open the board",
                            "A role token works on /mcp and the status endpoints. To watch the board, open a board"
                                    + " link (board_link) in a browser.")));
        }
        String owner = request.cookies().get(BoardLimits.OWNER_COOKIE);
        if (owner != null && owners.live(owner)) {
            return Access.of(Viewer.OWNER, "owner-session:" + owner);
        }
        String session = request.cookies().get(BoardLimits.COOKIE);
        if (session != null) {
            return sessions.viewer(session)
                    .map(viewer -> Access.of(viewer, "session:" + session))
                    .orElseGet(() -> Access.refused(problem(
                            401,
                            "Your board session has ended",
                            "It expired, or the view key it came from was revoked (rotate_token, revoke_board_access)."
                                    + " Ask for a new board link.")));
        }
        if (owner != null) {
            return Access.refused(problem(
                    401,
                    "Your owner session has ended",
                    "It expired or was ended (switchboard mailbox owner-link --end-sessions). Open a new owner link:"
                            + " run switchboard mailbox owner-link on the server's machine."));
        }
        return Access.refused(problem(
                401,
                "Not signed in",
                "Open a board link (the board_link tool makes one) to read this channel's board; the server's owner"
                        + " opens the index with an owner link (switchboard mailbox owner-link)."));
    }

    private EndpointResponse redeemViewLink(String nonce, EndpointRequest request) {
        return sessions.redeem(nonce)
                .map(opened ->
                        redirect(opened.channel(), cookie(BoardLimits.COOKIE, opened.sessionId(), "Lax", request)))
                .orElseGet(() -> problem(
                        401,
                        "This board link no longer works",
                        "A board link opens the board once, within 300 seconds. Ask for a new one (board_link)."));
    }

    /**
     * An owner link (ADR 69): a {@code 200} page that sets the owner's {@code SameSite=Strict} cookie and goes on to
     * the index by a same-site navigation ({@code <meta http-equiv="refresh">}, and a link). A {@code 303} would do in
     * most cases, but a browser following a redirect of a navigation begun on another site (a link clicked in a chat
     * page) does not send a {@code Strict} cookie to its target, and the owner would land on "Not signed in".
     */
    private EndpointResponse redeemOwnerLink(String nonce, EndpointRequest request) {
        Optional<String> opened = owners.redeem(nonce);
        if (opened.isEmpty()) {
            return problem(
                    401,
                    "This owner link no longer works",
                    "An owner link opens the board once, within 300 seconds, and this one was used or has expired."
                            + " Make a new one: run switchboard mailbox owner-link on the server's machine.");
        }
        Map<String, List<String>> headers = headers();
        headers.put("Content-Type", List.of("text/html; charset=utf-8"));
        headers.put("Set-Cookie", List.of(cookie(BoardLimits.OWNER_COOKIE, opened.get(), "Strict", request)));
        byte[] body = pages.render("signed-in.jte", Map.of()).getBytes(StandardCharsets.UTF_8);
        return new EndpointResponse.Complete(200, headers, body);
    }

    /**
     * Who a request is for the board: a viewer and the name its CSRF token is bound to, or the page that refuses it.
     *
     * @param viewer  who is looking, or null when refused
     * @param subject {@code principal:<id>}, {@code owner-session:<id>} or {@code session:<id>}; null when refused
     * @param refusal the 401 or 403 page, or null
     */
    private record Access(Viewer viewer, String subject, EndpointResponse refusal) {
        static Access of(Viewer viewer, String subject) {
            return new Access(viewer, subject, null);
        }

        static Access refused(EndpointResponse refusal) {
            return new Access(null, null, refusal);
        }
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

    private static String cookie(String name, String sessionId, String sameSite, EndpointRequest request) {
        return name + "=" + sessionId + "; HttpOnly; SameSite=" + sameSite + "; Path=/board; Max-Age="
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

    /**
     * The owner's index, whose forms POST back to the board: {@code Referrer-Policy: same-origin} instead of
     * {@code no-referrer}, because a browser sends {@code Origin: null} with a form POST from a no-referrer page, and
     * the abort's same-origin check needs the real origin (ADR 67). The referrer still never leaves this origin.
     */
    private EndpointResponse ownerPage(String template, Map<String, Object> parameters) {
        Map<String, List<String>> headers = headers();
        headers.put("Referrer-Policy", List.of("same-origin"));
        headers.put("Content-Type", List.of("text/html; charset=utf-8"));
        byte[] body = pages.render(template, parameters).getBytes(StandardCharsets.UTF_8);
        return new EndpointResponse.Complete(200, headers, body);
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
