package dev.switchboard.e2e;

import static dev.switchboard.e2e.support.StatusPolls.hold;
import static dev.switchboard.e2e.support.StatusPolls.json;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;

import io.modelcontextprotocol.client.McpSyncClient;

import dev.switchboard.e2e.support.HttpClients;
import dev.switchboard.e2e.support.ToolCalls;
import dev.switchboard.testkit.distribution.HttpServe;
import dev.switchboard.testkit.distribution.Installation;
import dev.switchboard.testkit.storage.TestDatabase;
import dev.switchboard.testkit.storage.TestPostgres;

/**
 * Two nodes (real {@code serve --http} processes of the built distribution) on one embedded PostgreSQL: a
 * {@code /status?wait} held on node B is woken by a message a role sends through node A, and answers what that message
 * made pending. The wake latency is a benchmark figure (bench/status-load-bench.mjs, docs/performance.md), not
 * asserted here.
 *
 * <p>Runs beside the other end-to-end classes ({@link ExecutionMode#CONCURRENT}; docs/testing.md, "Ordering and
 * threads"): its installation, database and two nodes are its own and it asserts no time beyond telling a woken poll
 * from one held to its 50 s cap; its tests run in turn on the class's thread (the lock on the class's own name).
 */
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock("MailboxStatusMultiNodeIT")
class MailboxStatusMultiNodeIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    @TempDir
    static Path dir;

    private static HttpServe nodeA;
    private static HttpServe nodeB;

    @BeforeAll
    static void startTwoNodesOnOneDatabase() {
        TestDatabase database = TestPostgres.database();
        Installation installation = Installation.copyOfBuilt(dir);
        nodeA = HttpServe.start(installation, database.environment(), dir.resolve("node-a.log"));
        nodeB = HttpServe.start(installation, database.environment(), dir.resolve("node-b.log"));
    }

    @AfterAll
    static void stopNodes() {
        for (HttpServe node : new HttpServe[] {nodeA, nodeB}) {
            if (node != null) {
                node.close();
            }
        }
    }

    @Test
    @DisplayName("a /status?wait=50 held on node B wakes on a message sent through node A, with that debt pending")
    @SuppressWarnings("unchecked")
    void aPollHeldOnBWakesOnAMessageSentThroughA() throws Exception {
        Map<String, String> tokens;
        try (McpSyncClient owner = client(nodeA, nodeA.token(), "owner")) {
            tokens = (Map<String, String>)
                    ok(owner, "create_channel", Map.of("name", "nodes", "roles", List.of("lead", "dev")))
                            .get("tokens");
        }
        try (HttpClient http =
                HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
            CompletableFuture<HttpResponse<String>> held = hold(http, nodeB, "?wait=50", tokens.get("dev"));
            try {
                HttpResponse<String> early = held.get(500, TimeUnit.MILLISECONDS);
                throw new AssertionError("answered instead of held: " + early.body() + "\n" + nodeB.log());
            } catch (TimeoutException stillHeld) {
                // held on B, as it should be
            }

            long id;
            try (McpSyncClient lead = client(nodeA, tokens.get("lead"), "lead")) {
                id = ((Number) ok(
                                        lead,
                                        "send_message",
                                        Map.of(
                                                "to", "dev",
                                                "topic", "from node A",
                                                "body", "sent through A",
                                                "action_required", true))
                                .get("id"))
                        .longValue();
            }

            HttpResponse<String> woken = held.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            Map<String, Object> status = json(woken.body());
            assertThat(woken.statusCode()).isEqualTo(200);
            assertThat((Map<String, Object>) status.get("pending"))
                    .containsEntry("unread", 1)
                    .containsEntry("open_obligations_untaken", 1);
            assertThat(((Number) status.get("waited")).doubleValue()).isLessThan(50);
            assertThat((List<Map<String, Object>>) status.get("debts"))
                    .singleElement()
                    .satisfies(header -> assertThat(header)
                            .containsEntry("id", (int) id)
                            .containsEntry("topic", "from node A")
                            .containsEntry("from", "lead"));
        }
    }

    private static McpSyncClient client(HttpServe node, String token, String name) {
        return HttpClients.initialized(node, token, "nodes-" + name);
    }

    private static Map<String, Object> ok(McpSyncClient client, String tool, Map<String, Object> arguments) {
        return ToolCalls.okStructured(
                client, tool, arguments, "\nnode A:\n" + nodeA.log() + "\nnode B:\n" + nodeB.log());
    }
}
