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

    /** @return all concrete resources */
    List<ResourceDescriptor> resources();

    /** @return all URI templates */
    List<ResourceTemplateDescriptor> templates();

    /**
     * @param uri       the URI asked for
     * @param principal who is asking
     * @return the contents, or empty when no provider serves it
     */
    Optional<List<ResourceContents>> read(String uri, Principal principal);

    /**
     * @param uriTemplate the template
     * @param variable    the variable being completed
     * @param prefix      what the user typed so far
     * @param context     values of variables already chosen
     * @return up to 100 suggestions
     */
    List<String> complete(String uriTemplate, String variable, String prefix, Map<String, String> context);

    /**
     * Registers a listener for changed resources (any provider). Transports use it to notify subscribed clients.
     *
     * @param sink the listener, called on the thread that reported the change
     */
    void addUpdateListener(ResourceUpdateSink sink);
}
