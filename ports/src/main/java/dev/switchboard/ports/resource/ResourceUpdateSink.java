package dev.switchboard.ports.resource;

/**
 * Where a provider reports changes, so that transports can notify clients: a changed resource's subscribers
 * ({@code notifications/resources/updated}) or, when the list itself changed, every client
 * ({@code notifications/resources/list_changed}). Thread-safe; calls return at once.
 */
public interface ResourceUpdateSink {

    /** @param uri the URI of a resource whose contents changed */
    void updated(String uri);

    /**
     * The provider's concrete resources ({@link ResourceProvider#resources()}) changed: one was added or removed.
     * Transports list them again and tell clients. The default does nothing, for sinks that only follow contents.
     */
    default void listChanged() {}
}
