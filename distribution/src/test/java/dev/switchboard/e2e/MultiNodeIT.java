package dev.switchboard.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.LongStream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.modern.client.McpClient;
import io.modelcontextprotocol.modern.client.transport.HttpClientMcpTransport;
import io.modelcontextprotocol.modern.client.transport.McpHttpRequestCustomizer;
import io.modelcontextprotocol.modern.server.SealedStates;
import io.modelcontextprotocol.spec.McpSchema;

import dev.switchboard.e2e.support.Handoffs;
import dev.switchboard.e2e.support.RateLimits;
import dev.switchboard.e2e.support.RoundRobinRelay;
import dev.switchboard.e2e.support.StatusPolls;
import dev.switchboard.e2e.support.ToolCalls;
import dev.switchboard.e2e.support.ToolResults;
import dev.switchboard.testkit.distribution.CliRun;
import dev.switchboard.testkit.distribution.HttpServe;
import dev.switchboard.testkit.distribution.Installation;
import dev.switchboard.testkit.distribution.McpClients;
import dev.switchboard.testkit.storage.TestDatabase;
import dev.switchboard.testkit.storage.TestPostgres;

/**
 * Two Switchboard nodes (real {@code serve --http} processes of the built distribution, sharing the owner token) on
 * one embedded PostgreSQL, each with its own MCP sessions: what one node commits, the other lists, reads, routes and
 * advances; concurrent publishers on both nodes lose nothing and leave no gap. Behind one address that alternates
 * requests between the nodes with no affinity ({@link RoundRobinRelay}), a modern client (MCP 2026-07-28, the Java
 * SDK's modern client) works whichever node answers, and a legacy session does not (ADR 46). One
 * database, one pair of servers and one relay for the class; each test uses its own project or channel.
 *
 * <p>Runs beside the other end-to-end classes ({@link ExecutionMode#CONCURRENT}, docs/testing.md): its own two nodes,
 * relay and database; it asserts what each node lists and reads, no time. Its tests run in turn on the class's thread
 * (the lock on the class's own name keeps them there).
 */
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock("MultiNodeIT")
class MultiNodeIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    @TempDir
    static Path dir;

    private static TestDatabase database;
    private static HttpServe nodeA;
    private static HttpServe nodeB;
    private static Installation installation;
    private static McpSyncClient onA;
    private static McpSyncClient onB;
    private static RoundRobinRelay relay;
    private static final Set<String> SESSIONS_A = ConcurrentHashMap.newKeySet();
    private static final Set<String> SESSIONS_B = ConcurrentHashMap.newKeySet();

    @BeforeAll
    static void startTwoNodesOnOneDatabase() {
        database = TestPostgres.database();
        installation = Installation.copyOfBuilt(dir);
        // eight publishers at line speed on the one owner token: above the per-token rate limit, lifted here
        Map<String, String> environment = RateLimits.lifted(database.environment());
        nodeA = HttpServe.start(installation, environment, dir.resolve("node-a.log"));
        nodeB = HttpServe.start(installation, environment, dir.resolve("node-b.log"));
        onA = client(nodeA, "node-a", SESSIONS_A);
        onB = client(nodeB, "node-b", SESSIONS_B);
        relay = RoundRobinRelay.start(List.of(nodeA.uri(""), nodeB.uri("")));
    }

    @AfterAll
    static void stopNodes() {
        if (relay != null) {
            relay.close();
        }
        for (McpSyncClient client : new McpSyncClient[] {onA, onB}) {
            if (client != null) {
                client.closeGracefully();
            }
        }
        for (HttpServe node : new HttpServe[] {nodeA, nodeB}) {
            if (node != null) {
                node.close();
            }
        }
    }

    @Test
    @DisplayName("token rotate takes effect on both running nodes at their next request: the new token is served,"
            + " the old one refused, no restart")
    void tokenRotateTakesEffectOnRunningNodesWithoutARestart() throws Exception {
        Path file = installation.stateDir().resolve("owner.token");
        String old = Files.readString(file).strip();
        HttpClient http = HttpClient.newHttpClient();
        try {
            CliRun rotated = installation.run("token", "rotate");
            assertThat(rotated.exitCode()).as(rotated.describe()).isZero();
            String fresh = Files.readString(file).strip();
            assertThat(fresh).isNotEqualTo(old);

            for (HttpServe node : List.of(nodeA, nodeB)) {
                assertThat(ping(http, node, fresh).statusCode())
                        .as("the new token")
                        .isEqualTo(200);
                assertThat(ping(http, node, old).statusCode())
                        .as("the old token")
                        .isEqualTo(401);
            }
        } finally {
            // the other tests' clients hold the old token: give it back, as an operator copying a file in would
            Files.writeString(file, old + "\n");
        }
        for (HttpServe node : List.of(nodeA, nodeB)) {
            assertThat(ping(http, node, old).statusCode())
                    .as("the file copied back")
                    .isEqualTo(200);
        }
    }

    /** An {@code initialize} with {@code token}: 200 when the node accepts it, 401 when not. */
    private static HttpResponse<String> ping(HttpClient http, HttpServe node, String token) throws Exception {
        return http.send(
                HttpRequest.newBuilder(node.uri("/mcp"))
                        .timeout(TIMEOUT)
                        .header("Authorization", "Bearer " + token)
                        .header("Content-Type", "application/json")
                        .header("Accept", "application/json, text/event-stream")
                        .POST(HttpRequest.BodyPublishers.ofString("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":"
                                + "\"initialize\",\"params\":{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},"
                                + "\"clientInfo\":{\"name\":\"rotation\",\"version\":\"1\"}}}"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void aSessionBelongsToTheNodeThatCreatedItAndTheOtherAnswers404() throws Exception {
        String sessionOfA = SESSIONS_A.iterator().next();
        HttpResponse<String> onOtherNode = nodeB.post(
                HttpClient.newHttpClient(), sessionOfA, "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"ping\"}");

        assertThat(SESSIONS_A).doesNotContainAnyElementsOf(SESSIONS_B);
        assertThat(onOtherNode.statusCode()).isEqualTo(404);
    }

    @Test
    void aHandoffPublishedThroughAIsListedReadAndRoutedThroughB() {
        ok(onA, "frontispice_register_project", Map.of("project", "across"));
        String id = (String) receipt(publish(onA, "across", "Published on A", "body from node A", null))
                .get("handoff_id");

        List<?> listedOnB = (List<?>)
                ok(onB, "frontispice_list_updates", Map.of("project", "across")).get("updates");
        McpSchema.CallToolResult readOnB =
                call(onB, "frontispice_read_handoff", Map.of("project", "across", "handoff_id", id));
        ok(
                onB,
                "frontispice_route_handoff",
                Map.of(
                        "project", "across",
                        "handoff_id", id,
                        "targets", List.of("architecture"),
                        "rationale", "routed on B",
                        "routed_by", "librarian"));
        List<?> routedSeenOnA =
                (List<?>) ok(onA, "frontispice_list_updates", Map.of("project", "across", "target", "architecture"))
                        .get("updates");

        assertThat(listedOnB)
                .singleElement()
                .satisfies(u -> assertThat(((Map<?, ?>) u).get("handoff_id")).isEqualTo(id));
        assertThat(((McpSchema.TextContent) readOnB.content().getFirst()).text())
                .contains("body from node A");
        assertThat(routedSeenOnA)
                .singleElement()
                .satisfies(u -> assertThat(((Map<?, ?>) u).get("handoff_id")).isEqualTo(id));
    }

    @Test
    void aCursorAdvancedOnBIsSeenOnA() {
        ok(onA, "frontispice_register_project", Map.of("project", "cursor"));
        publish(onA, "cursor", "first", "one", null);
        publish(onA, "cursor", "second", "two", null);

        ok(onB, "frontispice_advance_cursor", Map.of("project", "cursor", "consumer", "codex", "through_sequence", 1));
        List<?> unreadOnA =
                (List<?>) ok(onA, "frontispice_list_updates", Map.of("project", "cursor", "consumer", "codex"))
                        .get("updates");

        assertThat(unreadOnA.stream().map(u -> ((Number) ((Map<?, ?>) u).get("sequence")).longValue()))
                .containsExactly(2L);
    }

    @Test
    void eightConcurrentPublishersOnBothNodesLoseNothingAndLeaveNoGap() throws Exception {
        int publishers = 8;
        int each = 10;
        ok(onA, "frontispice_register_project", Map.of("project", "crowd"));
        List<McpSyncClient> clients = new ArrayList<>();
        for (int i = 0; i < publishers; i++) {
            clients.add(client(i % 2 == 0 ? nodeA : nodeB, "publisher-" + i, ConcurrentHashMap.newKeySet()));
        }
        Set<Long> sequences = ConcurrentHashMap.newKeySet();
        try (ExecutorService pool = Executors.newFixedThreadPool(publishers)) {
            List<Future<?>> runs = new ArrayList<>();
            for (int i = 0; i < publishers; i++) {
                McpSyncClient client = clients.get(i);
                int publisher = i;
                runs.add(pool.submit(() -> {
                    for (int n = 0; n < each; n++) {
                        String key = "p" + publisher + "-" + n;
                        sequences.add(((Number) receipt(publish(client, "crowd", key, "content " + key, key))
                                        .get("sequence"))
                                .longValue());
                    }
                    return null;
                }));
            }
            for (Future<?> run : runs) {
                run.get();
            }
        } finally {
            clients.forEach(McpSyncClient::closeGracefully);
        }

        long total = (long) publishers * each;
        assertThat(sequences)
                .containsExactlyInAnyOrderElementsOf(
                        LongStream.rangeClosed(1, total).boxed().toList());
        try (Connection connection = database.connect();
                PreparedStatement query = connection.prepareStatement(
                        "SELECT count(*), count(DISTINCT idempotency_key), max(sequence) FROM handoff_record"
                                + " WHERE project_key = 'crowd'");
                ResultSet rows = query.executeQuery()) {
            rows.next();
            assertThat(List.of(rows.getLong(1), rows.getLong(2), rows.getLong(3)))
                    .containsExactly(total, total, total);
        }
    }

    @Test
    @DisplayName("a modern client behind a relay that alternates requests between the nodes discovers, lists, and"
            + " publishes a handoff on one node that it reads and whose cursor it advances on the other")
    void aModernClientNeedsNoAffinityForHandoffs() {
        io.modelcontextprotocol.modern.client.McpSyncClient client = modern(nodeA.token());

        io.modelcontextprotocol.modern.McpSchema.DiscoverResult discovered = client.discover();
        List<String> tools = client.listTools().skipCache().list().tools().stream()
                .map(io.modelcontextprotocol.modern.McpSchema.Tool::name)
                .toList();
        modernOk(client, "frontispice_register_project", Map.of("project", "relayed"));
        Map<?, ?> receipt = (Map<?, ?>) modernOk(
                        client,
                        "frontispice_publish_handoff",
                        Handoffs.publish("relayed", "Published behind the relay", "body through one node", null))
                .get("receipt");
        int publishedOn = lastNode("frontispice_publish_handoff");
        io.modelcontextprotocol.modern.McpSchema.CallToolResult read = onOtherNodeThan(
                publishedOn,
                "frontispice_read_handoff",
                () -> client.tool("frontispice_read_handoff")
                        .arguments(Map.of("project", "relayed", "handoff_id", receipt.get("handoff_id")))
                        .call());
        modernOk(
                client,
                "frontispice_advance_cursor",
                Map.of("project", "relayed", "consumer", "codex", "through_sequence", 1));
        int advancedOn = lastNode("frontispice_advance_cursor");
        List<?> unread = (List<?>) onOtherNodeThan(
                        advancedOn,
                        "frontispice_list_updates",
                        () -> modernOk(
                                client, "frontispice_list_updates", Map.of("project", "relayed", "consumer", "codex")))
                .get("updates");

        assertThat(discovered.supportedVersions()).startsWith("2026-07-28").contains("2025-11-25");
        assertThat(tools).contains("frontispice_publish_handoff", "server_info");
        assertThat(read.isError()).isNotEqualTo(Boolean.TRUE);
        assertThat(((io.modelcontextprotocol.modern.McpSchema.TextContent)
                                read.content().getFirst())
                        .text())
                .contains("body through one node");
        assertThat(unread).isEmpty();
        assertThat(lastNode("frontispice_read_handoff"))
                .as("read on the other node")
                .isNotEqualTo(publishedOn);
        assertThat(lastNode("frontispice_list_updates"))
                .as("listed on the other node")
                .isNotEqualTo(advancedOn);
        assertThat(relay.served()).extracting(RoundRobinRelay.Served::node).contains(0, 1);
    }

    @Test
    @DisplayName("role tokens' modern clients behind the relay: a message sent through one node is in the inbox"
            + " read through the other")
    @SuppressWarnings("unchecked")
    void aModernRoleClientReadsThroughOneNodeWhatWasSentThroughTheOther() {
        Map<String, String> tokens = (Map<String, String>)
                ok(onA, "create_channel", Map.of("name", "relayed", "roles", List.of("lead", "dev")))
                        .get("tokens");
        io.modelcontextprotocol.modern.client.McpSyncClient lead = modern(tokens.get("lead"));
        io.modelcontextprotocol.modern.client.McpSyncClient dev = modern(tokens.get("dev"));

        Object id = modernOk(
                        lead,
                        "send_message",
                        Map.of("to", "dev", "topic", "relay", "body", "sent through one node", "action_required", true))
                .get("id");
        int sentOn = lastNode("send_message");
        List<?> inbox = (List<?>) onOtherNodeThan(sentOn, "read_inbox", () -> modernOk(dev, "read_inbox", Map.of()))
                .get("result");
        int readOn = lastNode("read_inbox");

        assertThat(readOn).as("read on the other node").isNotEqualTo(sentOn);
        assertThat(inbox)
                .anySatisfy(message -> assertThat((Map<String, Object>) message)
                        .containsEntry("id", id)
                        .containsEntry("from", "lead"));
    }

    @Test
    @DisplayName("a requestState sealed with the store's one key opens on both nodes behind the relay; one sealed"
            + " with another key is refused -32602 on either (ADR 46)")
    void aRequestStateSealedWithTheStoresKeyOpensOnEitherNode() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        HttpResponse<String> forged = modernCall(http, "server_info", "not-a-sealed-state");
        HttpResponse<String> forgedOnTheOther = modernCall(http, "server_info", "not-a-sealed-state");
        byte[] key = storedSealingKey();
        String sealed = SealedStates.seal(key, "OWNER:owner", "server_info", roundState());
        byte[] otherKey = key.clone();
        otherKey[0] ^= 1;
        String sealedElsewhere = SealedStates.seal(otherKey, "OWNER:owner", "server_info", roundState());

        List<Integer> statuses = new ArrayList<>();
        List<Integer> nodes = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            HttpResponse<String> opened = modernCall(http, "server_info", sealed);
            assertThat(opened.body()).as(opened.body()).contains("\"result\"").doesNotContain("\"error\"");
            statuses.add(opened.statusCode());
            nodes.add(relay.served().getLast().node());
        }
        HttpResponse<String> refused = modernCall(http, "server_info", sealedElsewhere);

        for (HttpResponse<String> refusal : List.of(forged, forgedOnTheOther, refused)) {
            assertThat(refusal.statusCode()).isEqualTo(400);
            assertThat(refusal.body()).contains("-32602").contains("Invalid or expired requestState");
        }
        assertThat(statuses).containsExactly(200, 200);
        assertThat(nodes).containsExactlyInAnyOrder(0, 1);
        try (Connection connection = database.connect();
                PreparedStatement query = connection.prepareStatement("SELECT count(*) FROM switchboard_sealing_key");
                ResultSet rows = query.executeQuery()) {
            rows.next();
            assertThat(rows.getLong(1)).as("one key for both nodes").isEqualTo(1);
        }
    }

    @Test
    @DisplayName("a legacy session behind the relay without stickiness: the next request reaches the other node,"
            + " which answers 404 for the session it does not know (docs/deployment.md)")
    void aLegacySessionWithoutStickinessIsUnknownToTheOtherNode() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        HttpResponse<String> initialized = legacyPost(
                http,
                null,
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                        + "\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"relayed\",\"version\":\"1\"}}}");
        int createdOn = relay.served().getLast().node();
        String session = initialized.headers().firstValue("Mcp-Session-Id").orElseThrow();
        HttpResponse<String> onTheOther =
                legacyPost(http, session, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        int otherNode = relay.served().getLast().node();
        HttpResponse<String> backOnItsOwn =
                legacyPost(http, session, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}");

        assertThat(initialized.statusCode()).isEqualTo(200);
        assertThat(otherNode).isNotEqualTo(createdOn);
        assertThat(onTheOther.statusCode()).isEqualTo(404);
        assertThat(relay.served().getLast().node()).isEqualTo(createdOn);
        assertThat(backOnItsOwn.statusCode()).isEqualTo(200);
    }

    @Test
    @DisplayName("a subscriptions/listen stream open on one node hears a handoff published through the other, with its"
            + " subscription id (ADR 45)")
    @SuppressWarnings("unchecked")
    void aListenStreamOnOneNodeHearsAChangeWrittenThroughTheOther() throws Exception {
        ok(onA, "frontispice_register_project", Map.of("project", "heard"));
        String body = "{\"jsonrpc\":\"2.0\",\"id\":\"listen-a\",\"method\":\"subscriptions/listen\",\"params\":{"
                + "\"notifications\":{\"resourcesListChanged\":true},\"_meta\":{"
                + "\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                + "\"io.modelcontextprotocol/clientCapabilities\":{}}}}";
        HttpResponse<java.util.stream.Stream<String>> listen = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(nodeA.uri("/mcp"))
                                .timeout(TIMEOUT)
                                .header("Authorization", "Bearer " + nodeA.token())
                                .header("Content-Type", "application/json")
                                .header("Accept", "application/json, text/event-stream")
                                .header("MCP-Protocol-Version", "2026-07-28")
                                .header("Mcp-Method", "subscriptions/listen")
                                .POST(HttpRequest.BodyPublishers.ofString(body))
                                .build(),
                        HttpResponse.BodyHandlers.ofLines());
        java.util.concurrent.BlockingQueue<Map<String, Object>> events =
                new java.util.concurrent.LinkedBlockingQueue<>();
        Thread reader = Thread.ofVirtual().start(() -> {
            try {
                listen.body()
                        .filter(line -> line.startsWith("data:"))
                        .forEach(line -> events.add(StatusPolls.json(
                                line.substring("data:".length()).strip())));
            } catch (RuntimeException closed) {
                // the stream is closed at the end of the test
            }
        });
        try {
            assertThat(listen.statusCode()).isEqualTo(200);
            Map<String, Object> ack = events.poll(TIMEOUT.toSeconds(), java.util.concurrent.TimeUnit.SECONDS);
            assertThat(ack)
                    .as("the acknowledgement")
                    .isNotNull()
                    .containsEntry("method", "notifications/subscriptions/acknowledged");

            Map<String, Object> published = publish(onB, "heard", "Published through B", "heard on A", null);
            String uri = "handoff://heard/" + receipt(published).get("sequence");

            Map<String, Object> told = events.poll(TIMEOUT.toSeconds(), java.util.concurrent.TimeUnit.SECONDS);
            assertThat(told)
                    .as("a change told on node A's stream after the publish through B (node A log:%n%s)", nodeA.log())
                    .isNotNull()
                    .containsEntry("method", "notifications/resources/list_changed");
            Map<String, Object> meta = (Map<String, Object>) ((Map<String, Object>) told.get("params")).get("_meta");
            assertThat(meta).containsEntry("io.modelcontextprotocol/subscriptionId", "listen-a");
            assertThat(onA.listResources().resources())
                    .extracting(McpSchema.Resource::uri)
                    .contains(uri);
        } finally {
            listen.body().close();
            reader.interrupt();
        }
    }

    private static io.modelcontextprotocol.modern.client.McpSyncClient modern(String token) {
        HttpClientMcpTransport transport = HttpClientMcpTransport.builder(
                        relay.uri("/mcp").toString())
                .requestCustomizer(McpHttpRequestCustomizer.fromSync(
                        (request, headers, context) -> headers.set("Authorization", "Bearer " + token)))
                .build();
        return McpClient.sync(transport).build();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> modernOk(
            io.modelcontextprotocol.modern.client.McpSyncClient client, String tool, Map<String, Object> arguments) {
        io.modelcontextprotocol.modern.McpSchema.CallToolResult result =
                client.tool(tool).arguments(arguments).call();
        assertThat(result.isError()).as(tool + ": " + result.content()).isNotEqualTo(Boolean.TRUE);
        return (Map<String, Object>) result.structuredContent();
    }

    /** @return the node that served the last {@code tools/call} of {@code tool} */
    private static int lastNode(String tool) {
        return relay.served().reversed().stream()
                .filter(served -> tool.equals(served.mcpName()))
                .findFirst()
                .orElseThrow(() ->
                        new AssertionError("no tools/call of " + tool + " went through the relay: " + relay.served()))
                .node();
    }

    /**
     * Runs a read (idempotent) until the relay has served its {@code tools/call} of {@code tool} by another node than
     * {@code node}: the client may send other requests before a call ({@code server/discover}, {@code tools/list},
     * depending on its caches), so which node its call reaches is not known beforehand: tried again as it is, and
     * then after one extra request through the relay, it reaches the other node.
     *
     * @return the answer of the read served by the other node
     */
    private static <T> T onOtherNodeThan(int node, String tool, java.util.function.Supplier<T> read) {
        for (int attempt = 0; attempt < 6; attempt++) {
            T answer = read.get();
            if (lastNode(tool) != node) {
                return answer;
            }
            if (attempt % 2 == 1) {
                shift(); // the client sends an even number of requests per call: one more changes the node
            }
        }
        throw new AssertionError("every " + tool + " reached node " + node + ": " + relay.served());
    }

    /** Sends one modern {@code server/discover} (of nobody's client) through the relay, moving its turn on. */
    private static void shift() {
        String body = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"server/discover\",\"params\":{\"_meta\":{"
                + "\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                + "\"io.modelcontextprotocol/clientCapabilities\":{}}}}";
        try {
            HttpResponse<String> discovered = HttpClient.newHttpClient()
                    .send(
                            HttpRequest.newBuilder(relay.uri("/mcp"))
                                    .timeout(TIMEOUT)
                                    .header("Authorization", "Bearer " + nodeA.token())
                                    .header("Content-Type", "application/json")
                                    .header("Accept", "application/json, text/event-stream")
                                    .header("MCP-Protocol-Version", "2026-07-28")
                                    .header("Mcp-Method", "server/discover")
                                    .POST(HttpRequest.BodyPublishers.ofString(body))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString());
            assertThat(discovered.statusCode()).as(discovered.body()).isEqualTo(200);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** A modern {@code tools/call} with the owner token through the relay, carrying {@code requestState}. */
    private static HttpResponse<String> modernCall(HttpClient http, String tool, String requestState) throws Exception {
        String body = "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool
                + "\",\"arguments\":{},\"requestState\":\"" + requestState + "\",\"_meta\":{"
                + "\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                + "\"io.modelcontextprotocol/clientCapabilities\":{}}}}";
        return http.send(
                HttpRequest.newBuilder(relay.uri("/mcp"))
                        .timeout(TIMEOUT)
                        .header("Authorization", "Bearer " + nodeA.token())
                        .header("Content-Type", "application/json")
                        .header("Accept", "application/json, text/event-stream")
                        .header("MCP-Protocol-Version", "2026-07-28")
                        .header("Mcp-Method", "tools/call")
                        .header("Mcp-Name", tool)
                        .POST(HttpRequest.BodyPublishers.ofString(body))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static HttpResponse<String> legacyPost(HttpClient http, String session, String body) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(relay.uri("/mcp"))
                .timeout(TIMEOUT)
                .header("Authorization", "Bearer " + nodeA.token())
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (session != null) {
            request.header("Mcp-Session-Id", session).header("MCP-Protocol-Version", "2025-11-25");
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /**
     * @return the state of an input round (ADR 44: version 1, digests of the caller and of the arguments, the answers
     *     so far) of the owner's {@code server_info} call with no arguments and no answers, as the bridge writes it
     */
    private static String roundState() throws Exception {
        return "{\"v\":1,\"caller\":\"" + sha256("OWNER:owner") + "\",\"arguments\":\"" + sha256("{}")
                + "\",\"answers\":{}}";
    }

    private static String sha256(String text) throws Exception {
        return java.util.Base64.getUrlEncoder()
                .withoutPadding()
                .encodeToString(java.security.MessageDigest.getInstance("SHA-256")
                        .digest(text.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    }

    /** @return the store's request-state sealing key, as the nodes keep it in the kernel's table */
    private static byte[] storedSealingKey() throws Exception {
        try (Connection connection = database.connect();
                PreparedStatement query = connection.prepareStatement("SELECT sealing FROM switchboard_sealing_key");
                ResultSet rows = query.executeQuery()) {
            assertThat(rows.next())
                    .as("a node drew the key when it first opened a state")
                    .isTrue();
            return java.util.Base64.getUrlDecoder().decode(rows.getString(1));
        }
    }

    private static McpSyncClient client(HttpServe node, String name, Set<String> sessions) {
        McpSyncClient client = McpClients.http(node, name, sessions, TIMEOUT, b -> b);
        client.initialize();
        return client;
    }

    private static Map<String, Object> publish(
            McpSyncClient client, String project, String title, String content, String idempotencyKey) {
        return ok(client, "frontispice_publish_handoff", Handoffs.publish(project, title, content, idempotencyKey));
    }

    private static Map<?, ?> receipt(Map<String, Object> published) {
        return (Map<?, ?>) published.get("receipt");
    }

    private static McpSchema.CallToolResult call(McpSyncClient client, String tool, Map<String, Object> arguments) {
        return ToolCalls.ok(client, tool, arguments, "\nnode A:\n" + nodeA.log() + "\nnode B:\n" + nodeB.log());
    }

    private static Map<String, Object> ok(McpSyncClient client, String tool, Map<String, Object> arguments) {
        return ToolResults.structured(call(client, tool, arguments));
    }
}
