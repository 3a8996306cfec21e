package dev.switchboard.testkit.transport;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;

import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.content.ResourceContents;
import dev.switchboard.ports.resource.ResourceCatalog;
import dev.switchboard.ports.resource.ResourceDescriptor;
import dev.switchboard.ports.resource.ResourceSubscription;
import dev.switchboard.ports.resource.ResourceTemplateDescriptor;
import dev.switchboard.ports.resource.ResourceUpdateSink;

/**
 * A {@link ResourceCatalog} of fixed {@code text/plain} resources, each read as a function of the reader (so a test
 * can see which principal a transport passed), served to every caller; no templates, no completions. {@link #announceUpdate(String)} tells
 * every listener the transport registered that a resource changed; {@link #following()} shows which resources the
 * transport follows for its sessions' subscriptions now. Thread-safe once built.
 */
public final class FakeResources implements ResourceCatalog {

    private final Map<String, Function<Principal, String>> texts;
    private final List<ResourceDescriptor> descriptors;
    private final List<ResourceUpdateSink> listeners = new CopyOnWriteArrayList<>();
    private final List<Principal> readers = new CopyOnWriteArrayList<>();
    private final List<String> following = new CopyOnWriteArrayList<>();

    private FakeResources(Map<String, Function<Principal, String>> texts, List<ResourceDescriptor> descriptors) {
        this.texts = Map.copyOf(texts);
        this.descriptors = List.copyOf(descriptors);
    }

    /** @return a builder of no resources */
    public static Builder builder() {
        return new Builder();
    }

    @Override
    public List<ResourceDescriptor> resources() {
        return descriptors;
    }

    @Override
    public List<ResourceTemplateDescriptor> templates() {
        return List.of();
    }

    @Override
    public List<ResourceDescriptor> resources(Principal caller) {
        return descriptors;
    }

    @Override
    public List<ResourceTemplateDescriptor> templates(Principal caller) {
        return List.of();
    }

    @Override
    public Optional<List<ResourceContents>> read(String uri, Principal principal) {
        Function<Principal, String> text = texts.get(uri);
        if (text == null) {
            return Optional.empty();
        }
        readers.add(principal);
        return Optional.of(List.of(new ResourceContents.TextContents(uri, "text/plain", text.apply(principal))));
    }

    @Override
    public List<String> complete(
            String uriTemplate, String variable, String prefix, Map<String, String> context, Principal caller) {
        return List.of();
    }

    @Override
    public void addUpdateListener(ResourceUpdateSink sink) {
        listeners.add(sink);
    }

    /** Follows a resource of this catalog until the answer is closed; any other URI is not followed. */
    @Override
    public ResourceSubscription follow(String uri, Principal caller) {
        if (!texts.containsKey(uri)) {
            return ResourceSubscription.NONE;
        }
        following.add(uri);
        AtomicBoolean closed = new AtomicBoolean();
        return () -> {
            if (closed.compareAndSet(false, true)) {
                following.remove(uri);
            }
        };
    }

    /** @return the URIs followed now, one entry per open subscription */
    public List<String> following() {
        return List.copyOf(following);
    }

    /** @param uri a resource's URI; every registered listener is told it changed */
    public void announceUpdate(String uri) {
        listeners.forEach(listener -> listener.updated(uri));
    }

    /** @return the principals of the reads served, in order */
    public List<Principal> readers() {
        return List.copyOf(readers);
    }

    /** Collects the resources. Not thread-safe. */
    public static final class Builder {
        private final Map<String, Function<Principal, String>> texts = new LinkedHashMap<>();
        private final List<ResourceDescriptor> descriptors = new ArrayList<>();

        private Builder() {}

        /**
         * @param uri  the resource's URI, such as {@code test://static-text}
         * @param name its name
         * @param text its text, given the reader
         * @return this builder
         */
        public Builder text(String uri, String name, Function<Principal, String> text) {
            texts.put(uri, text);
            descriptors.add(new ResourceDescriptor(uri, name, null, "Resource " + name, "text/plain"));
            return this;
        }

        /** @return the catalog */
        public FakeResources build() {
            return new FakeResources(texts, descriptors);
        }
    }
}
