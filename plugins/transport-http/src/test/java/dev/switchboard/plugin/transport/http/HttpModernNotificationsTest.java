package dev.switchboard.plugin.transport.http;

import static dev.switchboard.plugin.transport.http.Callers.ALICE_TOKEN;
import static dev.switchboard.plugin.transport.http.Callers.BOB_TOKEN;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import dev.switchboard.bridge.mcp.McpServerAssembly;
import dev.switchboard.ports.call.LogLevel;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.content.ResourceContents;
import dev.switchboard.ports.resource.ResourceCatalog;
import dev.switchboard.ports.resource.ResourceDescriptor;
import dev.switchboard.ports.resource.ResourceSubscription;
import dev.switchboard.ports.resource.ResourceTemplateDescriptor;
import dev.switchboard.ports.resource.ResourceUpdateSink;
import dev.switchboard.ports.tool.ToolCatalog;
import dev.switchboard.ports.tool.ToolDescriptor;
import dev.switchboard.ports.tool.ToolResult;
import dev.switchboard.ports.transport.TransportContext;
import dev.switchboard.testkit.transport.FakeResources;

/**
 * Notifications of the modern era (MCP 2026-07-28) on the real HTTP transport (ADR 45): a tool call's progress and
 * log messages travel on that POST's own event stream, before its answer, and on no other; {@code subscriptions/listen}
 * is a long-lived event stream that acknowledges its filter and tells the caller's tool-list changes and the updates
 * of the resources it subscribed to, each with the subscription id; a client that goes away cancels its call.
 */
class HttpModernNotificationsTest {

    private static final String INBOX = "test://inbox/alice";
    private static final String BOB_INBOX = "test://inbox/bob";
    private static final String HELD = "test://held";

    private static final CountDownLatch waitCancelled = new CountDownLatch(1);
    private static final CountDownLatch waitStarted = new CountDownLatch(1);
    private static final AtomicBoolean extraListed = new AtomicBoolean();
    private static final List<Runnable> toolListeners = new CopyOnWriteArrayList<>();
    private static final CountDownLatch heldUnfollowed = new CountDownLatch(1);
    private static FakeResources resources;
    private static TestServer server;

    @BeforeAll
    static void start() {
        resources = FakeResources.builder()
                .text(INBOX, "inbox", caller -> "mail for " + caller.id())
                .text(BOB_INBOX, "bob's inbox", caller -> "mail for " + caller.id())
                .text(HELD, "held", caller -> "held for " + caller.id())
                .build();
        TransportContext base = Callers.builder(resources, true)
                .build()
                .with(List.of("report", "quick", "wait", "write", "extra"), call -> switch (call.toolName()) {
                    case "report" -> {
                        call.progress().report(1, 2.0, "half");
                        call.log().log(LogLevel.DEBUG, "test", "below the level");
                        call.log().log(LogLevel.INFO, "test", "hello");
                        yield ToolResult.text("reported");
                    }
                    case "wait" -> {
                        waitStarted.countDown();
                        CountDownLatch cancelled = new CountDownLatch(1);
                        call.cancellation().onCancel(cancelled::countDown);
                        try {
                            if (cancelled.await(20, TimeUnit.SECONDS)) {
                                waitCancelled.countDown();
                            }
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                        yield ToolResult.text("waited");
                    }
                    case "write" -> {
                        extraListed.set(true);
                        toolListeners.forEach(Runnable::run);
                        resources.announceUpdate(INBOX);
                        resources.announceUpdate(BOB_INBOX);
                        yield ToolResult.text("written");
                    }
                    default -> ToolResult.text("quick");
                });
        server = TestServer.start(Callers.serving(base, new ChangingTools(base.tools()), new Unfollowing(resources)));
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void progressAndLogMessagesTravelOnTheCallsOwnStreamBeforeItsAnswer() throws IOException {
        RawHttp.Response response = reportCall(11, "tok-1").send(server.port);

        assertThat(response.header("Content-Type")).startsWith("text/event-stream");
        List<Map<String, Object>> messages = response.messages();
        assertThat(messages)
                .extracting(m -> m.get("method"))
                .containsExactly("notifications/progress", "notifications/message", null);
        assertThat(params(messages.get(0)))
                .containsEntry("progressToken", "tok-1")
                .containsEntry("progress", 1.0)
                .containsEntry("total", 2.0)
                .containsEntry("message", "half");
        assertThat(params(messages.get(1))).containsEntry("level", "info").containsEntry("data", "hello");
        assertThat(messages.get(2)).containsEntry("id", 11);
        assertThat(String.valueOf(messages.get(2).get("result"))).contains("reported");
    }

    @Test
    void aCallWithoutTokenOrLevelSendsNothingButItsAnswerAsOneJsonBody() throws IOException {
        RawHttp.Response response = TestServer.modern(
                        ALICE_TOKEN, 12, "tools/call", "{\"name\":\"report\",\"arguments\":{}}", "report")
                .send(server.port);

        assertThat(response.header("Content-Type")).startsWith("application/json");
        assertThat(response.messages())
                .singleElement()
                .satisfies(answer -> assertThat(answer).containsEntry("id", 12));
    }

    @Test
    void aCallsNotificationsNeverReachAnotherRequestsStream() throws Exception {
        extraListed.set(false);
        try (Socket listen = openListen(ALICE_TOKEN, 13, "{\"toolsListChanged\":true}")) {
            BufferedReader events = reader(listen);
            assertThat(nextMessage(events).get("method")).isEqualTo("notifications/subscriptions/acknowledged");

            RawHttp.Response call = reportCall(14, "tok-2").send(server.port);
            assertThat(call.messages()).hasSize(3);
            RawHttp.Response quick = TestServer.modern(
                            ALICE_TOKEN, 15, "tools/call", "{\"name\":\"quick\",\"arguments\":{}}", "quick")
                    .send(server.port);
            assertThat(quick.messages())
                    .singleElement()
                    .satisfies(m -> assertThat(m).containsKey("result"));

            // the listen stream carried none of them: the next thing it tells is a change, after a write
            TestServer.modern(BOB_TOKEN, 16, "tools/call", "{\"name\":\"write\",\"arguments\":{}}", "write")
                    .send(server.port);
            assertThat(nextMessage(events).get("method")).isEqualTo("notifications/tools/list_changed");
        }
    }

    @Test
    void listenTellsTheCallersToolListChangeAndASubscribedResourceUpdateWithTheSubscriptionId() throws Exception {
        extraListed.set(false);
        try (Socket listen = openListen(
                ALICE_TOKEN,
                "sub-1",
                "{\"toolsListChanged\":true,\"resourceSubscriptions\":[\"" + INBOX + "\",\"test://not-served\"]}")) {
            BufferedReader events = reader(listen);
            Map<String, Object> ack = nextMessage(events);
            assertThat(ack.get("method")).isEqualTo("notifications/subscriptions/acknowledged");
            assertThat(params(ack).get("notifications"))
                    .isEqualTo(Map.of("toolsListChanged", true, "resourceSubscriptions", List.of(INBOX)));
            assertThat(subscriptionId(ack)).isEqualTo("sub-1");
            assertThat(resources.following()).contains(INBOX);

            RawHttp.Response write = TestServer.modern(
                            BOB_TOKEN, 21, "tools/call", "{\"name\":\"write\",\"arguments\":{}}", "write")
                    .send(server.port);
            assertThat(write.status()).isEqualTo(200);

            List<Map<String, Object>> told = List.of(nextMessage(events), nextMessage(events));
            assertThat(told)
                    .extracting(m -> m.get("method"))
                    .containsExactlyInAnyOrder("notifications/tools/list_changed", "notifications/resources/updated");
            assertThat(told).allSatisfy(m -> assertThat(subscriptionId(m)).isEqualTo("sub-1"));
            assertThat(told)
                    .filteredOn(m -> "notifications/resources/updated".equals(m.get("method")))
                    .singleElement()
                    .satisfies(m -> assertThat(params(m)).containsEntry("uri", INBOX));
        }
    }

    @Test
    void aCallerOverItsCapOfListenStreamsIsRefusedWhileOthersStillListen() throws Exception {
        List<Socket> open = new java.util.ArrayList<>();
        try {
            for (int i = 0; i < 8; i++) {
                Socket listen = openListen(BOB_TOKEN, 100 + i, "{\"toolsListChanged\":true}");
                open.add(listen);
                assertThat(nextMessage(reader(listen)).get("method"))
                        .isEqualTo("notifications/subscriptions/acknowledged");
            }

            RawHttp.Response refused = TestServer.modern(
                            BOB_TOKEN, 108, "subscriptions/listen", "{\"notifications\":{}}", null)
                    .send(server.port);
            Socket alice = openListen(ALICE_TOKEN, 109, "{\"toolsListChanged\":true}");
            open.add(alice);

            assertThat(refused.error()).containsEntry("code", -32000);
            assertThat(refused.error().get("data")).isEqualTo(Map.of("code", "LIMIT_EXCEEDED"));
            assertThat(nextMessage(reader(alice)).get("method")).isEqualTo("notifications/subscriptions/acknowledged");
        } finally {
            for (Socket socket : open) {
                socket.close();
            }
        }
    }

    @Test
    void listenDropsAnotherCallersResourceFromTheAcknowledgementAndNeverTellsItsUpdates() throws Exception {
        try (Socket listen = openListen(
                BOB_TOKEN,
                "sub-bob",
                "{\"resourceSubscriptions\":[\"" + INBOX + "\",\"" + BOB_INBOX + "\",\"test://inbox/nobody\"]}")) {
            BufferedReader events = reader(listen);
            Map<String, Object> ack = nextMessage(events);
            assertThat(params(ack).get("notifications")).isEqualTo(Map.of("resourceSubscriptions", List.of(BOB_INBOX)));

            TestServer.modern(ALICE_TOKEN, 41, "tools/call", "{\"name\":\"write\",\"arguments\":{}}", "write")
                    .send(server.port);

            // the write announces Alice's inbox first, then Bob's: Bob's stream tells only his own
            Map<String, Object> told = nextMessage(events);
            assertThat(told.get("method")).isEqualTo("notifications/resources/updated");
            assertThat(params(told)).containsEntry("uri", BOB_INBOX);
        }
    }

    @Test
    void aLegacySubscribeToAnotherCallersResourceIsRefusedAsNotFound() throws Exception {
        String session = server.initialize(BOB_TOKEN);

        RawHttp.Response refused = server.post(
                        BOB_TOKEN, session, TestServer.request(2, "resources/subscribe", "{\"uri\":\"" + INBOX + "\"}"))
                .send(server.port);
        RawHttp.Response own = server.post(
                        BOB_TOKEN,
                        session,
                        TestServer.request(3, "resources/subscribe", "{\"uri\":\"" + BOB_INBOX + "\"}"))
                .send(server.port);

        assertThat(refused.error()).containsEntry("code", -32002);
        assertThat(own.json()).containsKey("result");
    }

    @Test
    void listenAskingForMoreThanAHundredUrisIsRefusedNamingTheCap() throws IOException {
        String uris = java.util.stream.IntStream.range(0, 101)
                .mapToObj(i -> "\"test://r/" + i + "\"")
                .collect(java.util.stream.Collectors.joining(","));
        RawHttp.Response refused = TestServer.modern(
                        ALICE_TOKEN,
                        42,
                        "subscriptions/listen",
                        "{\"notifications\":{\"resourceSubscriptions\":[" + uris + "]}}",
                        null)
                .send(server.port);

        assertThat(refused.error()).containsEntry("code", -32602);
        assertThat(String.valueOf(refused.error().get("message"))).contains("at most 100");
    }

    @Test
    void listenWithAMalformedFilterIsRefusedAsInvalidParams() throws IOException {
        RawHttp.Response notBoolean = TestServer.modern(
                        ALICE_TOKEN,
                        43,
                        "subscriptions/listen",
                        "{\"notifications\":{\"toolsListChanged\":\"yes\"}}",
                        null)
                .send(server.port);
        RawHttp.Response notStrings = TestServer.modern(
                        ALICE_TOKEN,
                        44,
                        "subscriptions/listen",
                        "{\"notifications\":{\"resourceSubscriptions\":[\"" + INBOX + "\",7]}}",
                        null)
                .send(server.port);

        assertThat(notBoolean.error()).containsEntry("code", -32602);
        assertThat(String.valueOf(notBoolean.error().get("message")))
                .isEqualTo("Invalid params: notifications.toolsListChanged must be a boolean");
        assertThat(notStrings.error()).containsEntry("code", -32602);
        assertThat(String.valueOf(notStrings.error().get("message")))
                .startsWith("Invalid params: notifications.resourceSubscriptions must be an array");
    }

    @Test
    void aFilterSubscribingToNothingIsAcknowledgedEmpty() throws Exception {
        try (Socket listen = openListen(ALICE_TOKEN, 45, "{\"resourceSubscriptions\":[]}")) {
            Map<String, Object> ack = nextMessage(reader(listen));
            assertThat(ack.get("method")).isEqualTo("notifications/subscriptions/acknowledged");
            assertThat(params(ack).get("notifications")).isEqualTo(Map.of());
        }
    }

    @Test
    void serverDiscoverAnnouncesListChangesAndSubscriptions() throws IOException {
        Map<String, Object> result = result(TestServer.modern(ALICE_TOKEN, 22, "server/discover", "{}", null)
                .send(server.port));

        @SuppressWarnings("unchecked")
        Map<String, Object> capabilities = (Map<String, Object>) result.get("capabilities");
        assertThat(capabilities.get("tools")).isEqualTo(Map.of("listChanged", true));
        assertThat(capabilities.get("resources")).isEqualTo(Map.of("subscribe", true, "listChanged", true));
    }

    @Test
    void aClientThatGoesAwayCancelsItsHeldCallAndEndsItsListenStream() throws Exception {
        Socket call = TestServer.modern(ALICE_TOKEN, 31, "tools/call", "{\"name\":\"wait\",\"arguments\":{}}", "wait")
                .open(server.port);
        assertThat(waitStarted.await(10, TimeUnit.SECONDS)).isTrue();
        call.close();

        assertThat(waitCancelled.await(10, TimeUnit.SECONDS)).isTrue();

        Socket listen = openListen(ALICE_TOKEN, 32, "{\"resourceSubscriptions\":[\"" + HELD + "\"]}");
        assertThat(nextMessage(reader(listen)).get("method")).isEqualTo("notifications/subscriptions/acknowledged");
        listen.close();

        assertThat(heldUnfollowed.await(10, TimeUnit.SECONDS)).isTrue();
    }

    /** @return Alice's call of {@code report} asking for progress against {@code token} and log messages from info */
    private static RawHttp reportCall(int id, String token) {
        RawHttp request = TestServer.modern(ALICE_TOKEN, id, "tools/call", "{}", "report");
        String json = TestServer.modernRequest(
                        id, "tools/call", "{\"name\":\"report\",\"arguments\":{}}", TestServer.MODERN_VERSION)
                .replace(
                        "\"_meta\":{",
                        "\"_meta\":{\"progressToken\":\"" + token
                                + "\",\"io.modelcontextprotocol/logLevel\":\"info\",");
        return request.body(json);
    }

    private static Socket openListen(String token, Object id, String filter) throws IOException {
        String json = TestServer.modernRequest(
                        0, "subscriptions/listen", "{\"notifications\":" + filter + "}", TestServer.MODERN_VERSION)
                .replace("\"id\":0", "\"id\":" + (id instanceof String text ? "\"" + text + "\"" : id));
        return RawHttp.request("POST", "/mcp")
                .header("Accept", "application/json, text/event-stream")
                .header("Content-Type", "application/json")
                .header("MCP-Protocol-Version", TestServer.MODERN_VERSION)
                .header("Mcp-Method", "subscriptions/listen")
                .header("Authorization", "Bearer " + token)
                .body(json)
                .open(server.port);
    }

    private static BufferedReader reader(Socket socket) throws IOException {
        return new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
    }

    /** @return the next JSON-RPC message of an event stream read as it arrives, within 10 s */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> nextMessage(BufferedReader events) throws IOException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        for (String line = events.readLine(); line != null; line = events.readLine()) {
            if (System.nanoTime() > deadline) {
                throw new IOException("no message within 10 s");
            }
            if (line.startsWith("data: ")) {
                return McpServerAssembly.jsonMapper().readValue(line.substring(6), Map.class);
            }
        }
        throw new IOException("the stream ended");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> params(Map<String, Object> message) {
        return (Map<String, Object>) message.get("params");
    }

    @SuppressWarnings("unchecked")
    private static Object subscriptionId(Map<String, Object> message) {
        return ((Map<String, Object>) params(message).get("_meta")).get("io.modelcontextprotocol/subscriptionId");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> result(RawHttp.Response response) throws IOException {
        return (Map<String, Object>) response.json().get("result");
    }

    /**
     * The fake's resources, each inbox served only to its own caller (listed to all, read by its owner only: as the
     * mailbox's templated inboxes), telling when a follow of {@code test://held} ends.
     */
    private record Unfollowing(FakeResources fake) implements ResourceCatalog {
        @Override
        public List<ResourceDescriptor> resources() {
            return fake.resources();
        }

        @Override
        public List<ResourceTemplateDescriptor> templates() {
            return fake.templates();
        }

        @Override
        public List<ResourceDescriptor> resources(Principal caller) {
            return fake.resources(caller);
        }

        @Override
        public List<ResourceTemplateDescriptor> templates(Principal caller) {
            return fake.templates(caller);
        }

        /** An inbox {@code test://inbox/<id>} reads only for the caller of that id (another's: not found). */
        @Override
        public Optional<List<ResourceContents>> read(String uri, Principal principal) {
            if (uri.startsWith("test://inbox/") && !uri.equals("test://inbox/" + principal.id())) {
                return Optional.empty();
            }
            return fake.read(uri, principal);
        }

        @Override
        public List<String> complete(
                String uriTemplate, String variable, String prefix, Map<String, String> context, Principal caller) {
            return fake.complete(uriTemplate, variable, prefix, context, caller);
        }

        @Override
        public ResourceSubscription follow(String uri, Principal caller) {
            ResourceSubscription followed = fake.follow(uri, caller);
            return () -> {
                followed.close();
                if (uri.equals(HELD)) {
                    heldUnfollowed.countDown();
                }
            };
        }

        @Override
        public void addUpdateListener(ResourceUpdateSink sink) {
            fake.addUpdateListener(sink);
        }
    }

    /** The fake's tools, where {@code extra} is listed once a write happened, and whose changes are told. */
    private record ChangingTools(ToolCatalog fixed) implements ToolCatalog {
        @Override
        public List<ToolDescriptor> tools() {
            return fixed.tools();
        }

        @Override
        public Optional<ToolDescriptor> find(String name) {
            return fixed.find(name);
        }

        @Override
        public boolean listedFor(String name, Principal caller) {
            return !name.equals("extra") || extraListed.get();
        }

        @Override
        public void addChangeListener(Runnable listener) {
            toolListeners.add(listener);
        }

        @Override
        public void removeChangeListener(Runnable listener) {
            toolListeners.remove(listener);
        }
    }
}
