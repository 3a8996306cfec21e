package dev.switchboard.ports.transport;

import java.util.Optional;

/**
 * Whether the server can serve its clients now, for a load balancer's or orchestrator's readiness probe (HTTP
 * {@code /readyz}): not while the store is unreachable or an enabled plugin is not started. Implemented by the kernel;
 * given to transports in their {@link TransportContext}. Thread-safe; an answer costs at most one short storage
 * round trip, and the kernel asks the storage at most about once a second however often it is called.
 */
@FunctionalInterface
public interface Readiness {

    /** Always ready: for a context that has no kernel behind it (tests of a transport alone). */
    Readiness ALWAYS = Optional::empty;

    /**
     * @return empty when ready; otherwise why not, one short line that names no host, port, user, path or secret
     *         (probes carry no token), such as {@code the storage cannot be reached} or
     *         {@code plugin mailbox is not started}
     */
    Optional<String> notReadyBecause();
}
