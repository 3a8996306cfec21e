package dev.switchboard.plugin.mailbox.status.adapter.in.http;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

import jakarta.inject.Inject;
import jakarta.inject.Provider;

import org.pf4j.Extension;

import tools.jackson.databind.json.JsonMapper;

import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.CallerResolver;
import dev.switchboard.plugin.mailbox.hosted.application.Actor;
import dev.switchboard.plugin.mailbox.hosted.application.HeldCredentials;
import dev.switchboard.plugin.mailbox.status.application.HeldPolls;
import dev.switchboard.plugin.mailbox.status.application.StatusPoll;
import dev.switchboard.plugin.mailbox.wait.domain.WaitBudget;
import dev.switchboard.ports.call.Cancellation;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.http.ClientGoneException;
import dev.switchboard.ports.http.EndpointRequest;
import dev.switchboard.ports.http.EndpointResponse;
import dev.switchboard.ports.http.HttpEndpoint;
import dev.switchboard.ports.http.HttpRoute;
import dev.switchboard.ports.tool.ErrorCode;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.Refusal;

/**
 * {@code GET /status[?wait=N]} for a role token (seed-features §1C.8): the answer of {@link StatusPoll} as JSON.
 *
 * <ul>
 *   <li>No or a bad token: 401 by the transport, before this runs. The owner, a viewer or any principal that is not
 *       a channel role: 403 {@code {"error", "code": "FORBIDDEN"}}.</li>
 *   <li>{@code wait}: whole seconds {@code 0..}{@value WaitBudget#MAX_TIMEOUT_S}, absent = 0; at most
 *       {@value WaitBudget#CAP_S} are waited. Anything else (a sign, a fraction, a second value, a larger number): 400
 *       {@code {"error", "code": "INVALID_ARGUMENTS", "field": "wait"}}.</li>
 *   <li>{@code wait > 0} holds the request: it takes a {@link HeldPolls} slot first, and when none is left answers 429
 *       {@code {"error", "code": "LIMIT_EXCEEDED"}} with {@code Retry-After: 5}. The answer is streamed: status and
 *       headers at once, then a space every {@value #KEEP_ALIVE_MS} ms (JSON ignores leading whitespace), which is how
 *       the transport notices a client that left; the slot is given back then, or when the answer is written. A token
 *       rotated or revoked, or its channel deleted, while the poll was held gets the transport's FORBIDDEN JSON-RPC
 *       error instead of the answer (the transport resolves the token again before a held answer, ADR 27); after
 *       {@code rotate_token} of its role or {@code delete_channel} the poll ends at once, freeing its slot
 *       ({@link HeldCredentials}, ADR 31).</li>
 *   <li>A read the store refused (busy, unreachable): 503 {@code {"error", "code"}} when nothing was sent yet,
 *       otherwise that object as the streamed body.</li>
 * </ul>
 *
 * Thread-safe; each request runs on its own virtual thread.
 */
@Extension
public final class StatusEndpoint implements HttpEndpoint {

    static final String PATH = "/status";

    /** How long a held answer may stay quiet before a space is written to find out whether the client left. */
    static final long KEEP_ALIVE_MS = 250;

    /** The {@code Retry-After} of a 429, seconds (the original's). */
    static final long RETRY_AFTER_S = 5;

    private static final Pattern WHOLE_SECONDS = Pattern.compile("[0-9]{1,9}");
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final HttpRoute ROUTE = HttpRoute.of("GET", PATH, HttpRoute.Access.AUTHENTICATED);
    /** The body of a held poll cut short by the server stopping. */
    private static final Refusal STOPPING = new Refusal(
            ErrorCode.UNAVAILABLE, "the server is stopping; poll again in a moment", Map.of("retryable", true));

    private static final Map<String, List<String>> JSON_TYPE = Map.of("Content-Type", List.of("application/json"));

    /** The body of a held poll whose token was revoked while it was held (the transport's FORBIDDEN replaces it). */
    private static final Refusal REVOKED = Refusal.of(
            ErrorCode.FORBIDDEN,
            "this role token was revoked (rotate_token or delete_channel) while the poll was held");

    private final CallerResolver callers;
    private final Provider<StatusPoll> poll;
    private final Provider<HeldCredentials> credentials;
    private final HeldPolls held;

    /**
     * Built by the plugin's injector when the plugin starts; the use case (and the stores behind it) only on the first
     * request, so that registering the route adds no start-up work.
     */
    @Inject
    public StatusEndpoint(
            CallerResolver callers, Provider<StatusPoll> poll, Provider<HeldCredentials> credentials, HeldPolls held) {
        this.callers = callers;
        this.poll = poll;
        this.credentials = credentials;
        this.held = held;
    }

    @Override
    public HttpRoute route() {
        return ROUTE;
    }

    @Override
    public EndpointResponse handle(EndpointRequest request) {
        Optional<Principal> principal = request.principal().filter(p -> p.kind() == Principal.Kind.CHANNEL_ROLE);
        if (principal.isEmpty()) {
            return error(
                    403,
                    Refusal.of(
                            ErrorCode.FORBIDDEN,
                            "/status is for a role token; the owner token and view keys have no role in a channel"));
        }
        return callers.identify(principal.get())
                .map(role -> answer(request, principal.get(), role))
                .orElse(refusal -> error(403, refusal));
    }

    /** The answer to an identified role's poll: at once, or held up to its {@code wait} seconds. */
    private EndpointResponse answer(EndpointRequest request, Principal principal, Caller role) {
        List<String> waits = request.query().getOrDefault("wait", List.of());
        long waitS;
        if (waits.isEmpty()) {
            waitS = 0;
        } else if (waits.size() == 1
                && WHOLE_SECONDS.matcher(waits.getFirst()).matches()
                && Long.parseLong(waits.getFirst()) <= WaitBudget.MAX_TIMEOUT_S) {
            waitS = Long.parseLong(waits.getFirst());
        } else {
            return error(
                    400,
                    Refusal.invalid(
                            "wait",
                            "must be given once, as whole seconds from 0 to " + WaitBudget.MAX_TIMEOUT_S + " (at most "
                                    + WaitBudget.CAP_S + " are waited)"));
        }
        if (waitS == 0) {
            Outcome<Map<String, Object>> answer =
                    poll.get().poll(role, 0, request.clientGone()).orElseThrow();
            return switch (answer) {
                case Outcome.Done<Map<String, Object>> done ->
                    new EndpointResponse.Complete(200, JSON_TYPE, JSON.writeValueAsBytes(done.value()));
                case Outcome.Refused<Map<String, Object>> refused -> error(503, refused.refusal());
            };
        }
        Optional<HeldPolls.Slot> slot = held.take(principal.id());
        if (slot.isEmpty()) {
            return error(
                            429,
                            Refusal.of(
                                    ErrorCode.LIMIT_EXCEEDED,
                                    "too many /status?wait polls are held (for this token or in all); retry after "
                                            + RETRY_AFTER_S + " s"))
                    .withHeader("Retry-After", Long.toString(RETRY_AFTER_S));
        }
        request.clientGone().onCancel(slot.get()::close);
        String tokenId = principal.attributes().get(Actor.TOKEN_ID);
        return new EndpointResponse.Streamed(
                200,
                JSON_TYPE,
                new EndpointResponse.KeepAlive(
                        " ".getBytes(StandardCharsets.US_ASCII), Duration.ofMillis(KEEP_ALIVE_MS)),
                stream -> {
                    try (HeldPolls.Slot mine = slot.get();
                            HeldCredentials.Watch watch = watch(role, tokenId, stream.clientGone())) {
                        Optional<Outcome<Map<String, Object>>> answer =
                                poll.get().poll(role, waitS, watch);
                        if (answer.isEmpty() && watch.revoked()) {
                            // the transport looks the token up again before this write and answers its FORBIDDEN
                            // instead (ADR 27); the slot is given back when this body returns
                            stream.write(JSON.writeValueAsBytes(body(REVOKED)));
                            return;
                        }
                        if (answer.isEmpty()) {
                            // the client left (this write then fails) or the server is stopping: say so, never an
                            // empty body a script would read as "nothing pending"
                            stream.write(JSON.writeValueAsBytes(body(STOPPING)));
                            return;
                        }
                        stream.write(
                                switch (answer.get()) {
                                    case Outcome.Done<Map<String, Object>> done -> JSON.writeValueAsBytes(done.value());
                                    case Outcome.Refused<Map<String, Object>> refused ->
                                        JSON.writeValueAsBytes(body(refused.refusal()));
                                });
                    } catch (ClientGoneException e) {
                        // the client left while the answer was written; nothing more to do
                    }
                });
    }

    /** A held poll's cancellation: its client's, and its token's revocation when it has a token id (ADR 31). */
    private HeldCredentials.Watch watch(Caller role, String tokenId, Cancellation clientGone) {
        return credentials.get().watch(role.channelId(), tokenId == null ? null : Long.valueOf(tokenId), clientGone);
    }

    private static EndpointResponse.Complete error(int status, Refusal refusal) {
        return new EndpointResponse.Complete(status, JSON_TYPE, JSON.writeValueAsBytes(body(refusal)));
    }

    private static Map<String, Object> body(Refusal refusal) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("error", refusal.message());
        body.put("code", refusal.code().value());
        body.putAll(refusal.details());
        return body;
    }
}
