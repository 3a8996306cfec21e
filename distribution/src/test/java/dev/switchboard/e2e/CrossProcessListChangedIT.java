package dev.switchboard.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;

import dev.switchboard.testkit.distribution.HttpServe;
import dev.switchboard.testkit.distribution.Installation;
import dev.switchboard.testkit.distribution.McpClients;

/**
 * The two-process setup docs/handoff-guide.md recommends, as real processes on one state directory: a long-running
 * HTTP server with a client (MCP Java SDK) that follows resource-list changes, and a separate stdio server process
 * through which another client publishes. The HTTP client must be sent {@code notifications/resources/list_changed}
 * within 2 s of the other process's publish, and see the new handoff in {@code resources/list}.
 */
class CrossProcessListChangedIT {

    /** The handed case's bound: from the publish's answer to the list sent after list_changed. */
    private static final Duration ANNOUNCED_WITHIN = Duration.ofSeconds(2);

    @TempDir
    Path dir;

    @Test
    void aHandoffPublishedByAStdioProcessIsAnnouncedToTheHttpServersClientWithinTwoSeconds()
            throws InterruptedException {
        Installation installation = Installation.copyOfBuilt(dir);
        BlockingQueue<List<String>> lists = new LinkedBlockingQueue<>();
        StringBuffer publisherStderr = new StringBuffer();
        try (HttpServe server = HttpServe.start(installation, Map.of(), dir.resolve("http-server.log"));
                McpSyncClient follower = McpClients.http(
                        server,
                        "switchboard-e2e-follower",
                        ConcurrentHashMap.newKeySet(),
                        McpClients.TIMEOUT,
                        spec -> spec.resourcesChangeConsumer(resources -> lists.add(
                                resources.stream().map(McpSchema.Resource::uri).toList())))) {
            follower.initialize();
            McpSyncClient publisher =
                    McpClients.stdioInitialized(installation, Map.of(), "switchboard-e2e-publisher", publisherStderr);
            try {
                ok(publisher, "frontispice_register_project", Map.of("project", "shared"));
                // the follower's notification stream (its GET) opens shortly after initialize: until a first
                // announcement arrives, a list_changed may find no stream to travel on
                awaitFirstAnnouncement(publisher, lists, server);

                McpSchema.CallToolResult receipt =
                        ok(publisher, "frontispice_publish_handoff", handoff("Decided elsewhere"));
                long published = System.nanoTime();
                String uri = "handoff://shared/" + sequence(receipt);

                List<String> announced = awaitListContaining(lists, uri, ANNOUNCED_WITHIN);
                long elapsedMs = (System.nanoTime() - published) / 1_000_000;
                assertThat(announced)
                        .as("a list sent within %s after list_changed; server log:%n%s", ANNOUNCED_WITHIN, server.log())
                        .contains(uri);
                assertThat(elapsedMs).isLessThanOrEqualTo(ANNOUNCED_WITHIN.toMillis());
                assertThat(follower.listResources().resources())
                        .extracting(McpSchema.Resource::uri)
                        .contains(uri);
            } finally {
                publisher.closeGracefully();
            }
        }
    }

    /** Publishes warm-up handoffs, one a second, until the follower is told of one (at most 15). */
    private static void awaitFirstAnnouncement(
            McpSyncClient publisher, BlockingQueue<List<String>> lists, HttpServe server) throws InterruptedException {
        for (int attempt = 1; attempt <= 15; attempt++) {
            ok(publisher, "frontispice_publish_handoff", handoff("Warm-up " + attempt));
            if (lists.poll(1, TimeUnit.SECONDS) != null) {
                lists.clear();
                return;
            }
        }
        throw new AssertionError(
                "the HTTP client was never told of another process's handoff; server log:\n" + server.log());
    }

    /** @return the first list received within {@code within} that holds {@code uri}, or the last one, or empty */
    private static List<String> awaitListContaining(BlockingQueue<List<String>> lists, String uri, Duration within)
            throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        List<String> last = List.of();
        for (long left = within.toNanos(); left > 0; left = deadline - System.nanoTime()) {
            List<String> list = lists.poll(left, TimeUnit.NANOSECONDS);
            if (list == null) {
                break;
            }
            last = list;
            if (list.contains(uri)) {
                return list;
            }
        }
        return last;
    }

    private static Map<String, Object> handoff(String title) {
        return Map.of("project", "shared", "title", title, "summary", "s", "content", title + " body");
    }

    @SuppressWarnings("unchecked")
    private static long sequence(McpSchema.CallToolResult published) {
        Map<String, Object> structured = (Map<String, Object>) published.structuredContent();
        return ((Number) ((Map<String, Object>) structured.get("receipt")).get("sequence")).longValue();
    }

    private static McpSchema.CallToolResult ok(McpSyncClient client, String tool, Map<String, Object> arguments) {
        McpSchema.CallToolResult result = client.callTool(
                McpSchema.CallToolRequest.builder(tool).arguments(arguments).build());
        assertThat(result.isError()).as("%s: %s", tool, result).isFalse();
        return result;
    }
}
