package dev.switchboard.ports.resource;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.content.ResourceContents;

/**
 * Every resource of every started plugin, as transports see them. Implemented by the kernel. Thread-safe.
 */
public interface ResourceCatalog {

    /**
     * @return all concrete resources, whoever they are served to (what a server registers), sorted by URI; the kernel
     *     lists them again only after a provider reported that its list changed, once for every server of the process
     */
    List<ResourceDescriptor> resources();

    /** @return all URI templates, whoever they are served to, sorted by template */
    List<ResourceTemplateDescriptor> templates();

    /**
     * @param caller who asks for the list
     * @return the concrete resources of the providers {@linkplain ResourceProvider#servedTo served to} {@code caller},
     *     sorted by URI
     */
    List<ResourceDescriptor> resources(Principal caller);

    /**
     * @param caller who asks for the list
     * @return the URI templates of the providers served to {@code caller}, sorted by template
     */
    List<ResourceTemplateDescriptor> templates(Principal caller);

    /**
     * Whether a URI is among what is served to a caller, without reading it: listed concretely, or matching a
     * template ({@link ResourceTemplateDescriptor#matches}) of a provider served to it. Transports refuse a
     * {@code resources/subscribe} of anything else as "resource not found".
     *
     * @param uri    a concrete URI
     * @param caller who asks
     * @return whether {@code uri} may be one of the resources served to {@code caller}
     */
    default boolean serves(String uri, Principal caller) {
        return resources(caller).stream().anyMatch(r -> r.uri().equals(uri))
                || templates(caller).stream().anyMatch(t -> t.matches(uri));
    }

    /**
     * @param uri       the URI asked for
     * @param principal who is asking
     * @return the contents, or empty when no provider {@linkplain ResourceProvider#servedTo served to}
     *     {@code principal} serves it (the caller cannot tell a resource it may not read from a missing one)
     */
    Optional<List<ResourceContents>> read(String uri, Principal principal);

    /**
     * @param uriTemplate the template
     * @param variable    the variable being completed
     * @param prefix      what the user typed so far
     * @param context     values of variables already chosen
     * @param caller      who asks
     * @return up to 100 suggestions; none from a provider not served to {@code caller}
     */
    List<String> complete(
            String uriTemplate, String variable, String prefix, Map<String, String> context, Principal caller);

    /**
     * Follows one resource for one client's subscription ({@code resources/subscribe}): every provider
     * {@linkplain ResourceProvider#servedTo served to} {@code caller} is asked to {@linkplain ResourceProvider#follow
     * follow} it, so a provider watches what some client subscribed to and nothing else. Transports call it before
     * answering the subscription and close the answer when the client unsubscribes or its session ends. The default,
     * for catalogs whose providers watch nothing, follows nothing.
     *
     * @param uri    the concrete URI subscribed to
     * @param caller who subscribed
     * @return the subscription; closing it (idempotent) lets the providers stop watching
     */
    default ResourceSubscription follow(String uri, Principal caller) {
        return ResourceSubscription.NONE;
    }

    /**
     * Registers a listener for changed resources (any provider). Transports use it to notify subscribed clients.
     *
     * @param sink the listener, called on the thread that reported the change
     */
    void addUpdateListener(ResourceUpdateSink sink);

    /**
     * Removes a listener registered with {@link #addUpdateListener}, when the server it notifies closed (a process that
     * serves many sessions one after the other must not keep every ended one's listener). The default does nothing,
     * for catalogs that live no longer than their servers.
     *
     * @param sink the listener; nothing happens when it is not registered
     */
    default void removeUpdateListener(ResourceUpdateSink sink) {
        // listeners live as long as the catalog
    }
}
