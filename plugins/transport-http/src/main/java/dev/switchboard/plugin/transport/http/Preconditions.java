package dev.switchboard.plugin.transport.http;

import java.util.Optional;

import io.helidon.http.Status;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import dev.switchboard.ports.call.Principal;

/**
 * The checks the MCP endpoint's methods share, each answering the refusal itself: the {@link RequestGate} (and 403
 * for a viewer, whose view key opens the board only), the
 * {@code MCP-Protocol-Version} header, and the session named by {@code Mcp-Session-Id}. Thread-safe.
 */
final class Preconditions {

    private final RequestGate gate;
    private final ProtocolVersions versions;
    private final SessionRegistry sessions;

    Preconditions(RequestGate gate, ProtocolVersions versions, SessionRegistry sessions) {
        this.gate = gate;
        this.versions = versions;
        this.sessions = sessions;
    }

    /**
     * @return the caller, or empty when refused (Host, Origin or token); a viewer (a board view key) is refused 403:
     *         it opens the read-only board, never {@code /mcp}
     */
    Optional<Principal> caller(ServerRequest request, ServerResponse response) {
        return caller(request, response, RequestGate.WITHOUT_ID);
    }

    /**
     * Like {@link #caller(ServerRequest, ServerResponse)}, answering a caller over its rate limit through
     * {@code overRate} ({@link RequestGate#admit(ServerRequest, ServerResponse, RequestGate.Refusal)}).
     */
    Optional<Principal> caller(ServerRequest request, ServerResponse response, RequestGate.Refusal overRate) {
        return gate.admit(request, response, overRate).filter(caller -> {
            if (caller.kind() != Principal.Kind.VIEWER) {
                return true;
            }
            Replies.error(
                    response,
                    Status.FORBIDDEN_403,
                    Replies.SERVER_ERROR,
                    "Forbidden: a view key opens the read-only board only; /mcp needs a role token or the owner token");
            return false;
        });
    }

    /** @return the lease of an admitted request's credential ({@link RequestGate#lease}) */
    CredentialLease lease(ServerRequest request, Principal caller) {
        return gate.lease(request, caller);
    }

    /** @return the protocol version the request speaks, or empty when refused (400) */
    Optional<String> version(ServerRequest request, ServerResponse response) {
        Optional<String> unsupported = unsupportedVersion(request);
        unsupported.ifPresent(
                message -> Replies.error(response, Status.BAD_REQUEST_400, Replies.SERVER_ERROR, message));
        return unsupported.isPresent() ? Optional.empty() : versions.of(header(request));
    }

    /** @return why the request's {@code MCP-Protocol-Version} is refused (400), or empty when it is supported */
    Optional<String> unsupportedVersion(ServerRequest request) {
        String header = header(request);
        return versions.of(header).isPresent() ? Optional.empty() : Optional.of(versions.unsupported(header));
    }

    private static String header(ServerRequest request) {
        return request.headers().first(McpHeaders.PROTOCOL_VERSION).orElse(null);
    }

    /**
     * @return whether the request's {@code MCP-Protocol-Version} is one the legacy era speaks (or absent); answers
     *     nothing
     */
    boolean speaksLegacyVersion(ServerRequest request) {
        return versions.of(request.headers().first(McpHeaders.PROTOCOL_VERSION).orElse(null))
                .isPresent();
    }

    /** @return the caller's session, or empty when refused: 400 without a session id, 404 for an unknown one */
    Optional<HttpSession> session(ServerRequest request, ServerResponse response, Principal caller) {
        return session(request, response, caller, null);
    }

    /**
     * @param refusalId the id of the request a refusal answers
     *                  ({@link dev.switchboard.bridge.mcp.transport.RefusalIds}), or null
     * @return the caller's session, or empty when refused: 400 without a session id, 404 for an unknown one
     */
    Optional<HttpSession> session(ServerRequest request, ServerResponse response, Principal caller, Object refusalId) {
        Optional<String> id = request.headers()
                .first(McpHeaders.SESSION_ID)
                .map(String::strip)
                .filter(value -> !value.isEmpty());
        if (id.isEmpty()) {
            Replies.error(
                    response,
                    Status.BAD_REQUEST_400,
                    refusalId,
                    Replies.SERVER_ERROR,
                    "Bad Request: Mcp-Session-Id header is required; send initialize first to get a session");
            return Optional.empty();
        }
        Optional<HttpSession> session = sessions.find(id.get(), caller);
        if (session.isEmpty()) {
            noSuchSession(response, refusalId);
        }
        return session;
    }

    /** Answers 404 for a session id that names no session of the caller (ended, never existed, or another's). */
    static void noSuchSession(ServerResponse response) {
        noSuchSession(response, null);
    }

    private static void noSuchSession(ServerResponse response, Object id) {
        Replies.error(
                response,
                Status.NOT_FOUND_404,
                id,
                Replies.SERVER_ERROR,
                "Not Found: no such session (it ended or never existed); initialize a new one");
    }
}
