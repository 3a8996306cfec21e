package dev.switchboard.plugin.transport.stdio;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import dev.switchboard.kernel.catalog.ResourceRegistry;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.content.ResourceContents;
import dev.switchboard.ports.resource.ResourceDescriptor;
import dev.switchboard.ports.resource.ResourceProvider;
import dev.switchboard.ports.resource.ResourceSubscription;
import dev.switchboard.ports.resource.ResourceUpdateSink;
import dev.switchboard.ports.tool.ToolResult;
import dev.switchboard.ports.transport.TransportContext;
import dev.switchboard.testkit.transport.FakeTransportContext;

/**
 * What a resource costs a provider, through real stdio sessions, the bridge and the kernel's resource registry: a
 * provider follows (watches) a resource only from a session's {@code resources/subscribe} to its unsubscribe or end,
 * and a changed list is asked of it once for the whole process, however many sessions it serves.
 */
class StdioResourceSubscriptionTest {

    private static final String INBOX = "test://inbox";

    private final WatchingProvider provider = new WatchingProvider();
    private final TransportContext context;
    private final List<PipedClient> clients = new ArrayList<>();

    StdioResourceSubscriptionTest() {
        ResourceRegistry registry = new ResourceRegistry();
        registry.register("watching", List.of(provider));
        context =
                FakeTransportContext.builder().resources(registry).build().with(List.of(), call -> ToolResult.text(""));
    }

    @AfterEach
    void closeClients() throws IOException {
        for (PipedClient client : clients) {
            client.close();
        }
    }

    @Test
    void aSessionThatListsAndReadsButNeverSubscribesMakesTheProviderFollowNothing() throws Exception {
        PipedClient client = session();
        client.send(request(1, "resources/list", "{}"));
        assertThat(client.next()).containsEntry("id", 1);
        client.send(request(2, "resources/read", "{\"uri\":\"" + INBOX + "\"}"));
        assertThat(client.next()).containsEntry("id", 2);

        provider.sink.updated(INBOX);
        client.send(request(3, "ping", "{}"));

        assertThat(client.next())
                .as("no update for a resource nobody subscribed to")
                .containsEntry("id", 3);
        assertThat(provider.followed).isEmpty();
    }

    @Test
    void aSubscribedSessionIsNotifiedUntilItUnsubscribes() throws Exception {
        PipedClient client = session();
        client.send(request(1, "resources/subscribe", "{\"uri\":\"" + INBOX + "\"}"));
        assertThat(client.next()).containsEntry("id", 1);
        assertThat(provider.followed).containsExactly(INBOX);
        assertThat(provider.open.get()).isEqualTo(1);

        provider.sink.updated(INBOX);
        Map<String, Object> note = client.next();
        assertThat(note).containsEntry("method", "notifications/resources/updated");
        assertThat(note.get("params")).isEqualTo(Map.of("uri", INBOX));

        client.send(request(2, "resources/unsubscribe", "{\"uri\":\"" + INBOX + "\"}"));
        assertThat(client.next()).containsEntry("id", 2);
        assertThat(provider.open.get()).as("the provider stops following").isZero();
        provider.sink.updated(INBOX);
        client.send(request(3, "ping", "{}"));
        assertThat(client.next()).containsEntry("id", 3);
    }

    @Test
    void subscribingTwiceFollowsOnceAndTheSessionsEndStopsTheFollowing() throws Exception {
        PipedClient client = session();
        client.send(request(1, "resources/subscribe", "{\"uri\":\"" + INBOX + "\"}"));
        client.send(request(2, "resources/subscribe", "{\"uri\":\"" + INBOX + "\"}"));
        assertThat(client.next()).containsKey("result");
        assertThat(client.next()).containsKey("result");
        assertThat(provider.followed).containsExactly(INBOX);

        client.closeInput();

        assertThat(client.outputClosed()).isTrue();
        assertThat(provider.open.get()).isZero();
    }

    @Test
    void aChangedListIsAskedOfTheProviderOnceForEverySessionOfTheProcess() throws Exception {
        List<PipedClient> sessions = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            sessions.add(session());
        }
        assertThat(provider.listings.get())
                .as("five sessions started on one listing")
                .isEqualTo(1);

        provider.listed = List.of(descriptor(INBOX), descriptor("test://new"));
        provider.sink.listChanged();

        for (PipedClient session : sessions) {
            assertThat(session.next()).containsEntry("method", "notifications/resources/list_changed");
            session.send(request(1, "resources/list", "{}"));
            assertThat(session.next().toString()).contains("test://new");
        }
        assertThat(provider.listings.get())
                .as("one listing for the change, not one per session")
                .isEqualTo(2);
    }

    @Test
    void aConnectionThatSpeaksOnlyTheModernEraNeverHearsTheLegacySessionsListChange() throws Exception {
        PipedClient modernOnly = new PipedClient();
        clients.add(modernOnly);
        modernOnly.transport().start(context);
        PipedClient legacy = session();

        provider.listed = List.of(descriptor(INBOX), descriptor("test://changed"));
        provider.sink.listChanged();
        assertThat(legacy.next()).containsEntry("method", "notifications/resources/list_changed");
        modernOnly.send("{\"jsonrpc\":\"2.0\",\"id\":\"d\",\"method\":\"server/discover\",\"params\":{\"_meta\":"
                + "{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\"}}}");

        assertThat(modernOnly.next()).as("its first line answers its request").containsEntry("id", "d");
        modernOnly.closeInput();
        assertThat(modernOnly.outputClosed()).as("and nothing else was written").isTrue();
    }

    private PipedClient session() throws IOException {
        PipedClient client = new PipedClient();
        clients.add(client);
        client.transport().start(context);
        client.initialize();
        return client;
    }

    private static String request(int id, String method, String params) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"" + method + "\",\"params\":" + params + "}";
    }

    private static ResourceDescriptor descriptor(String uri) {
        return new ResourceDescriptor(uri, uri.substring("test://".length()), null, "A resource", "text/plain");
    }

    /** A provider that counts its listings and the subscriptions it is asked to follow. */
    private static final class WatchingProvider implements ResourceProvider {
        final AtomicInteger listings = new AtomicInteger();
        final List<String> followed = new CopyOnWriteArrayList<>();
        final AtomicInteger open = new AtomicInteger();
        volatile ResourceUpdateSink sink;
        volatile List<ResourceDescriptor> listed = List.of(descriptor(INBOX));

        @Override
        public List<ResourceDescriptor> resources() {
            listings.incrementAndGet();
            return listed;
        }

        @Override
        public Optional<List<ResourceContents>> read(String uri, Principal principal) {
            return Optional.of(List.of(new ResourceContents.TextContents(uri, "text/plain", "{}")));
        }

        @Override
        public void watch(ResourceUpdateSink target) {
            sink = target;
        }

        @Override
        public ResourceSubscription follow(String uri, Principal caller) {
            followed.add(uri);
            open.incrementAndGet();
            AtomicBoolean closed = new AtomicBoolean();
            return () -> {
                if (closed.compareAndSet(false, true)) {
                    open.decrementAndGet();
                }
            };
        }
    }
}
