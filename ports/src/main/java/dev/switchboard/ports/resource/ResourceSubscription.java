package dev.switchboard.ports.resource;

/**
 * One client's subscription to one resource ({@code resources/subscribe}), as the provider serving it follows it: the
 * provider watches the resource's source from {@link ResourceProvider#follow} until every subscription to it is
 * closed. Implementations MUST be thread-safe, and {@link #close()} idempotent and quick (no blocking I/O).
 */
@FunctionalInterface
public interface ResourceSubscription extends AutoCloseable {

    /** A subscription that follows nothing: what a provider that needs no watch answers. */
    ResourceSubscription NONE = () -> {};

    /** Ends the subscription ({@code resources/unsubscribe}, or the client's session ended). Idempotent; never throws. */
    @Override
    void close();
}
