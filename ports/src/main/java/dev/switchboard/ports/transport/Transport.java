package dev.switchboard.ports.transport;

import java.util.OptionalInt;

import org.pf4j.ExtensionPoint;

/**
 * Extension point of transport adapters. The kernel starts the transports named in its configuration (or on the
 * command line) after every other plugin has started, and stops them first at shutdown.
 */
public interface Transport extends ExtensionPoint {

    /** @return the transport's id, such as {@code stdio} or {@code http} */
    String id();

    /**
     * Starts serving; MUST return once serving has begun (serving continues on the transport's own threads).
     *
     * @param context what to serve
     * @throws TransportException if it cannot start (port in use, refused configuration)
     */
    void start(TransportContext context);

    /**
     * Stops serving: stops accepting new requests, lets in-flight calls finish for a bounded time, cancels the rest,
     * releases its resources. MUST be idempotent.
     */
    void stop();

    /**
     * @return how many client sessions are open now, for transports that have sessions (HTTP); empty for those that
     *         do not count them. MUST be cheap and thread-safe.
     */
    default OptionalInt openSessions() {
        return OptionalInt.empty();
    }
}
