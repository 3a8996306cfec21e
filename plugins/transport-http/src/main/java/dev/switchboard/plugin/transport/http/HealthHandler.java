package dev.switchboard.plugin.transport.http;

import io.helidon.http.Status;
import io.helidon.webserver.http.Handler;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

/**
 * {@code GET /healthz} and {@code GET /readyz}: {@code 200} while serving, {@code 503} once shutdown has begun. No
 * token is needed (probes have none), but the {@code Host} and {@code Origin} checks still apply. Thread-safe.
 */
final class HealthHandler implements Handler {

    private final RequestGate gate;
    private final ServingState state;
    private final String upText;

    /** @param upText the body while serving, such as {@code live} */
    HealthHandler(RequestGate gate, ServingState state, String upText) {
        this.gate = gate;
        this.state = state;
        this.upText = upText;
    }

    @Override
    public void handle(ServerRequest request, ServerResponse response) {
        if (!gate.checkOrigin(request, response)) {
            return;
        }
        if (state.stopping()) {
            Replies.text(response, Status.SERVICE_UNAVAILABLE_503, "stopping\n");
        } else {
            Replies.text(response, Status.OK_200, upText + "\n");
        }
    }
}
