package dev.switchboard.kernel.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.content.ResourceContents;
import dev.switchboard.ports.resource.ResourceDescriptor;
import dev.switchboard.ports.resource.ResourceProvider;
import dev.switchboard.ports.resource.ResourceSubscription;
import dev.switchboard.ports.resource.ResourceUpdateSink;

/**
 * Nothing paid for what nobody asked: the registry lists all concrete resources once per reported change for the
 * whole process, and asks a provider to follow a resource only for a caller it serves.
 */
class ResourceRegistryListingTest {

    private static final Principal ROLE = new Principal("t1", Principal.Kind.CHANNEL_ROLE, Map.of("role", "backend"));

    @Test
    void theListIsAskedOfTheProvidersOnceUntilOneReportsAChange() {
        CountingProvider provider = new CountingProvider();
        ResourceRegistry registry = new ResourceRegistry();
        registry.register("demo", List.of(provider));

        for (int i = 0; i < 3; i++) {
            assertThat(registry.resources()).extracting(ResourceDescriptor::uri).containsExactly("demo://one");
        }
        assertThat(provider.listings.get()).isEqualTo(1);

        provider.sink.listChanged();
        List<List<ResourceDescriptor>> answers = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            answers.add(registry.resources());
        }

        assertThat(provider.listings.get()).isEqualTo(2);
        assertThat(answers).allSatisfy(answer -> assertThat(answer).isSameAs(answers.getFirst()));
    }

    @Test
    void aChangeReportedWhileTheProvidersAreAskedMakesTheNextCallAskAgain() {
        CountingProvider provider = new CountingProvider();
        provider.reportDuringListing = true;
        ResourceRegistry registry = new ResourceRegistry();
        registry.register("demo", List.of(provider));

        registry.resources();
        provider.reportDuringListing = false;
        registry.resources();
        registry.resources();

        assertThat(provider.listings.get()).isEqualTo(2);
    }

    @Test
    void aProviderFollowsOnlyForACallerItServesAndAClosedListenerHearsNothing() {
        CountingProvider provider = new CountingProvider();
        ResourceRegistry registry = new ResourceRegistry();
        registry.register("demo", List.of(provider));
        AtomicInteger told = new AtomicInteger();
        ResourceUpdateSink listener = uri -> told.incrementAndGet();
        registry.addUpdateListener(listener);

        assertThat(registry.follow("demo://one", ROLE)).isSameAs(ResourceSubscription.NONE);
        assertThat(provider.following.get()).isZero();
        ResourceSubscription subscription = registry.follow("demo://one", Principal.LOCAL_OWNER);
        assertThat(provider.following.get()).isEqualTo(1);
        subscription.close();
        assertThat(provider.following.get()).isZero();

        provider.sink.updated("demo://one");
        registry.removeUpdateListener(listener);
        provider.sink.updated("demo://one");
        assertThat(told.get()).isEqualTo(1);
    }

    /** Serves the owner one resource; counts its listings and the subscriptions it follows. */
    private static final class CountingProvider implements ResourceProvider {
        final AtomicInteger listings = new AtomicInteger();
        final AtomicInteger following = new AtomicInteger();
        volatile ResourceUpdateSink sink;
        volatile boolean reportDuringListing;

        @Override
        public List<ResourceDescriptor> resources() {
            listings.incrementAndGet();
            if (reportDuringListing) {
                sink.listChanged();
            }
            return List.of(new ResourceDescriptor("demo://one", "one", null, "One", "text/plain"));
        }

        @Override
        public Optional<List<ResourceContents>> read(String uri, Principal principal) {
            return Optional.empty();
        }

        @Override
        public void watch(ResourceUpdateSink target) {
            sink = target;
        }

        @Override
        public ResourceSubscription follow(String uri, Principal caller) {
            following.incrementAndGet();
            return following::decrementAndGet;
        }
    }
}
