package dev.switchboard.kernel.catalog;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;

import jakarta.inject.Singleton;

import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.content.ResourceContents;
import dev.switchboard.ports.resource.ResourceCatalog;
import dev.switchboard.ports.resource.ResourceDescriptor;
import dev.switchboard.ports.resource.ResourceProvider;
import dev.switchboard.ports.resource.ResourceTemplateDescriptor;
import dev.switchboard.ports.resource.ResourceUpdateSink;

/**
 * The resource catalog: the resource providers of every started plugin, asked in plugin-id order. A provider not
 * {@linkplain ResourceProvider#servedTo served to} a caller is never asked on that caller's behalf: its resources are
 * left out of the caller's lists, and reading or completing them answers as if they did not exist. Thread-safe.
 */
@Singleton
public final class ResourceRegistry implements ResourceCatalog {

    private static final int MAX_COMPLETIONS = 100;

    private final Contributions<ResourceProvider> providers = new Contributions<>();
    private final List<ResourceUpdateSink> listeners = new CopyOnWriteArrayList<>();

    /**
     * @param owner     the plugin id
     * @param contributed the plugin's providers; each is given a sink that passes its reports to every listener
     */
    public void register(String owner, List<ResourceProvider> contributed) {
        ResourceUpdateSink fanOut = new ResourceUpdateSink() {
            @Override
            public void updated(String uri) {
                listeners.forEach(l -> l.updated(uri));
            }

            @Override
            public void listChanged() {
                listeners.forEach(ResourceUpdateSink::listChanged);
            }
        };
        contributed.forEach(p -> p.watch(fanOut));
        providers.add(owner, contributed);
    }

    /** @param owner the plugin whose providers to withdraw */
    public void unregister(String owner) {
        providers.remove(owner);
    }

    @Override
    public List<ResourceDescriptor> resources() {
        return providers.stream()
                .flatMap(p -> p.resources().stream())
                .sorted(Comparator.comparing(ResourceDescriptor::uri))
                .toList();
    }

    @Override
    public List<ResourceTemplateDescriptor> templates() {
        return providers.stream()
                .flatMap(p -> p.templates().stream())
                .sorted(Comparator.comparing(ResourceTemplateDescriptor::uriTemplate))
                .toList();
    }

    @Override
    public List<ResourceDescriptor> resources(Principal caller) {
        return servedTo(caller)
                .flatMap(p -> p.resources(caller).stream())
                .sorted(Comparator.comparing(ResourceDescriptor::uri))
                .toList();
    }

    @Override
    public List<ResourceTemplateDescriptor> templates(Principal caller) {
        return servedTo(caller)
                .flatMap(p -> p.templates().stream())
                .sorted(Comparator.comparing(ResourceTemplateDescriptor::uriTemplate))
                .toList();
    }

    @Override
    public Optional<List<ResourceContents>> read(String uri, Principal principal) {
        return servedTo(principal)
                .map(p -> p.read(uri, principal))
                .flatMap(Optional::stream)
                .findFirst();
    }

    @Override
    public List<String> complete(
            String uriTemplate, String variable, String prefix, Map<String, String> context, Principal caller) {
        return servedTo(caller)
                .filter(p ->
                        p.templates().stream().anyMatch(t -> t.uriTemplate().equals(uriTemplate)))
                .flatMap(p -> p.complete(uriTemplate, variable, prefix, context).stream())
                .limit(MAX_COMPLETIONS)
                .toList();
    }

    private Stream<ResourceProvider> servedTo(Principal caller) {
        return providers.stream().filter(p -> p.servedTo(caller));
    }

    @Override
    public void addUpdateListener(ResourceUpdateSink sink) {
        listeners.add(sink);
    }
}
