package dev.switchboard.plugin.mailbox.board.adapter.in.http;

import java.util.Optional;

import dev.switchboard.ports.http.EndpointRequest;

/**
 * Whether a state-changing board request comes from the board's own pages (ADR 67): its {@code Origin} must be
 * present and equal to the origin the request was sent to, {@code http://} (or {@code https://} behind a trusted TLS
 * proxy, {@link TrustedProxy}) followed by its {@code Host}. A browser always sends {@code Origin} with a form POST;
 * another site's page sends its own, and {@code Origin: null} (a sandboxed frame, a file) never matches.
 */
final class SameOrigin {

    private SameOrigin() {}

    /**
     * @param request a board request
     * @return whether its origin is the board's own
     */
    static boolean holds(EndpointRequest request) {
        Optional<String> origin = request.headers().firstValue("Origin");
        Optional<String> host = request.headers().firstValue("Host");
        if (origin.isEmpty() || host.isEmpty() || host.get().isBlank()) {
            return false;
        }
        String scheme = TrustedProxy.servesHttps(request) ? "https://" : "http://";
        return origin.get().strip().equalsIgnoreCase(scheme + host.get().strip());
    }
}
