package dev.switchboard.plugin.transport.http;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import io.helidon.http.Status;
import io.helidon.webserver.http.Handler;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import dev.switchboard.ports.transport.Readiness;

/**
 * The probes, as a load balancer and Kubernetes read them. No token is needed (probes have none), but the {@code Host}
 * and {@code Origin} checks still apply. Thread-safe.
 *
 * <ul>
 *   <li>{@code GET /healthz} (liveness): the process only, {@code 200 live} while it runs, draining included (a
 *       failing liveness probe gets a process restarted, which no outage of the database should cause);
 *   <li>{@code GET /readyz} (readiness): {@code 200 {"ready":true}} when the server can serve;
 *       {@code 503 {"ready":false,"reason":"..."}} once shutdown has begun ({@code stopping}), while the store cannot be
 *       reached or an enabled plugin is not started ({@link Readiness}; the kernel asks the store at most about once a
 *       second).
 * </ul>
 *
 * <p>Both also answer {@code HEAD} (a load balancer's probe): the same status and headers, no body.
 */
final class HealthHandler {

    private HealthHandler() {}

    /** @return the liveness handler */
    static Handler live(RequestGate gate) {
        return (request, response) -> {
            if (gate.checkOrigin(request, response)) {
                Replies.text(response, Status.OK_200, "live\n");
            }
        };
    }

    /** @return the readiness handler */
    static Handler ready(RequestGate gate, ServingState state, Readiness readiness) {
        return new Ready(gate, state, readiness);
    }

    private record Ready(RequestGate gate, ServingState state, Readiness readiness) implements Handler {

        @Override
        public void handle(ServerRequest request, ServerResponse response) {
            if (!gate.checkOrigin(request, response)) {
                return;
            }
            Optional<String> problem = state.stopping() ? Optional.of("stopping") : readiness.notReadyBecause();
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("ready", problem.isEmpty());
            problem.ifPresent(reason -> body.put("reason", reason));
            Replies.json(response, problem.isEmpty() ? Status.OK_200 : Status.SERVICE_UNAVAILABLE_503, body);
        }
    }
}
