package dev.switchboard.ports.resource;

/**
 * Where a provider reports changes, so that transports can notify subscribed clients
 * ({@code notifications/resources/updated}). Thread-safe; calls return at once.
 */
public interface ResourceUpdateSink {

    /** @param uri the URI of a resource whose contents changed */
    void updated(String uri);
}
