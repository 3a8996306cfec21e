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

    /** @return all concrete resources, whoever they are served to (what a server registers), sorted by URI */
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
     * Registers a listener for changed resources (any provider). Transports use it to notify subscribed clients.
     *
     * @param sink the listener, called on the thread that reported the change
     */
    void addUpdateListener(ResourceUpdateSink sink);
}
