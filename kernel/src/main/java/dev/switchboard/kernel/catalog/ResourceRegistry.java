package dev.switchboard.kernel.catalog;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

import jakarta.inject.Singleton;

import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.content.ResourceContents;
import dev.switchboard.ports.resource.ResourceCatalog;
import dev.switchboard.ports.resource.ResourceDescriptor;
import dev.switchboard.ports.resource.ResourceProvider;
import dev.switchboard.ports.resource.ResourceSubscription;
import dev.switchboard.ports.resource.ResourceTemplateDescriptor;
import dev.switchboard.ports.resource.ResourceUpdateSink;

/**
 * The resource catalog: the resource providers of every started plugin, asked in plugin-id order. A provider not
 * {@linkplain ResourceProvider#servedTo served to} a caller is never asked on that caller's behalf: its resources are
 * left out of the caller's lists, and reading or completing them answers as if they did not exist.
 *
 * <p>Nothing is paid for what nobody asked: the list of all concrete resources ({@link #resources()}, what every MCP
 * server of the process registers) is asked of the providers once, then again only after a provider reported that
 * its list changed, and once for the whole process however many servers (sessions) list it after that report; a
 * provider watches a resource only while a client {@linkplain #follow follows} it. Thread-safe.
 */
@Singleton
public final class ResourceRegistry implements ResourceCatalog {

    private static final int MAX_COMPLETIONS = 100;

    private final Contributions<ResourceProvider> providers = new Contributions<>();
    private final List<ResourceUpdateSink> listeners = new CopyOnWriteArrayList<>();
    /** Counts the reported list changes (and provider registrations); a listing older than the count is stale. */
    private final AtomicLong listChanges = new AtomicLong();

    private final Object listing = new Object();
    /** The last answer of {@link #resources()}, guarded by {@link #listing}; null before the first. */
    private List<ResourceDescriptor> listed;
    /** The value of {@link #listChanges} when {@link #listed} was asked for; guarded by {@link #listing}. */
    private long listedAt;

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
                listChanges.incrementAndGet();
                listeners.forEach(ResourceUpdateSink::listChanged);
            }
        };
        contributed.forEach(p -> p.watch(fanOut));
        providers.add(owner, contributed);
        listChanges.incrementAndGet();
    }

    /** @param owner the plugin whose providers to withdraw */
    public void unregister(String owner) {
        providers.remove(owner);
        listChanges.incrementAndGet();
    }

    /**
     * The providers are asked only when no listing is current: the first call, and the first after a provider reported
     * a changed list; callers meanwhile wait for that one listing and share it. A change reported while the providers
     * are being asked makes the next call ask again.
     */
    @Override
    public List<ResourceDescriptor> resources() {
        synchronized (listing) {
            long changes = listChanges.get();
            if (listed == null || listedAt != changes) {
                listed = providers.stream()
                        .flatMap(p -> p.resources().stream())
                        .sorted(Comparator.comparing(ResourceDescriptor::uri))
                        .toList();
                listedAt = changes;
            }
            return listed;
        }
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

    /** Asks every provider served to {@code caller} to follow {@code uri}; the answer closes all they answered. */
    @Override
    public ResourceSubscription follow(String uri, Principal caller) {
        List<ResourceSubscription> followed = servedTo(caller)
                .map(p -> p.follow(uri, caller))
                .filter(subscription -> subscription != ResourceSubscription.NONE)
                .toList();
        if (followed.isEmpty()) {
            return ResourceSubscription.NONE;
        }
        return followed.size() == 1 ? followed.getFirst() : () -> followed.forEach(ResourceSubscription::close);
    }

    private Stream<ResourceProvider> servedTo(Principal caller) {
        return providers.stream().filter(p -> p.servedTo(caller));
    }

    @Override
    public void addUpdateListener(ResourceUpdateSink sink) {
        listeners.add(sink);
    }

    @Override
    public void removeUpdateListener(ResourceUpdateSink sink) {
        listeners.remove(sink);
    }
}
