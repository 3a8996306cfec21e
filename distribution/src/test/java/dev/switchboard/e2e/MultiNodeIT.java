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
import io.modelcontextprotocol.spec.McpSchema;

import dev.switchboard.e2e.support.Handoffs;
import dev.switchboard.e2e.support.RateLimits;
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
 * advances; concurrent publishers on both nodes lose nothing and leave no gap. One database and one pair of servers
 * for the class; each test uses its own project.
 *
 * <p>Runs beside the other end-to-end classes ({@link ExecutionMode#CONCURRENT}, docs/testing.md): its own two nodes
 * and database; it asserts what each node lists and reads, no time. Its tests run in turn on the class's thread (the
 * lock on the class's own name keeps them there).
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
    }

    @AfterAll
    static void stopNodes() {
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
            + " the old one refused, no restart (issue 23, item 19)")
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
