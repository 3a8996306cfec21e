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
        return gate.admit(request, response).filter(caller -> {
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
        String header = request.headers().first(McpHeaders.PROTOCOL_VERSION).orElse(null);
        Optional<String> version = versions.of(header);
        if (version.isEmpty()) {
            Replies.error(response, Status.BAD_REQUEST_400, Replies.SERVER_ERROR, versions.unsupported(header));
        }
        return version;
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
        Optional<String> id = request.headers()
                .first(McpHeaders.SESSION_ID)
                .map(String::strip)
                .filter(value -> !value.isEmpty());
        if (id.isEmpty()) {
            Replies.error(
                    response,
                    Status.BAD_REQUEST_400,
                    Replies.SERVER_ERROR,
                    "Bad Request: Mcp-Session-Id header is required; send initialize first to get a session");
            return Optional.empty();
        }
        Optional<HttpSession> session = sessions.find(id.get(), caller);
        if (session.isEmpty()) {
            noSuchSession(response);
        }
        return session;
    }

    /** Answers 404 for a session id that names no session of the caller (ended, never existed, or another's). */
    static void noSuchSession(ServerResponse response) {
        Replies.error(
                response,
                Status.NOT_FOUND_404,
                Replies.SERVER_ERROR,
                "Not Found: no such session (it ended or never existed); initialize a new one");
    }
}
