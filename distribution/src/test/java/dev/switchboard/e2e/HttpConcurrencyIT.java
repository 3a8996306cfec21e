package dev.switchboard.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.modelcontextprotocol.client.McpSyncClient;

import dev.switchboard.e2e.support.HttpClients;
import dev.switchboard.e2e.support.RateLimits;
import dev.switchboard.e2e.support.ToolCalls;
import dev.switchboard.testkit.distribution.HttpServe;
import dev.switchboard.testkit.distribution.Installation;

/**
 * Sixteen MCP Java SDK clients over streamable HTTP, each on its own session, each calling {@code server_info} 500
 * times at once with the others: every call answered correctly, none failed, sixteen distinct sessions, and the
 * server's resident memory afterwards under a generous bound (where {@code /proc} shows it). The elapsed time is
 * logged, not asserted: speed belongs in the benchmark.
 */
class HttpConcurrencyIT {

    private static final Logger LOG = LoggerFactory.getLogger(HttpConcurrencyIT.class);
    private static final int CLIENTS = 16;
    private static final int CALLS = 500;
    private static final long RSS_BOUND_KIB = 1024 * 1024;

    @TempDir
    Path dir;

    @Test
    void sixteenSessionsOfFiveHundredCallsAreAllAnsweredWithBoundedMemory() throws Exception {
        // 8,000 calls at line speed on the one owner token: far above the per-token rate limit (ADR 22), lifted here
        Map<String, String> unlimited = RateLimits.lifted(Map.of());
        try (HttpServe server = HttpServe.start(Installation.copyOfBuilt(dir), unlimited, dir.resolve("server.log"))) {
            Map<Integer, Set<String>> sessions = new ConcurrentHashMap<>();
            AtomicInteger answered = new AtomicInteger();
            List<Future<?>> runs = new ArrayList<>();
            long start = System.nanoTime();
            try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
                for (int c = 0; c < CLIENTS; c++) {
                    int clientNo = c;
                    Set<String> ids = ConcurrentHashMap.newKeySet();
                    sessions.put(clientNo, ids);
                    runs.add(threads.submit(() -> {
                        try (McpSyncClient client = HttpClients.client(server, "load-" + clientNo, ids)) {
                            client.initialize();
                            for (int i = 0; i < CALLS; i++) {
                                Map<?, ?> info = ToolCalls.serverInfo(client);
                                assertThat(info.get("name")).isEqualTo("switchboard");
                                answered.incrementAndGet();
                            }
                        }
                        return null;
                    }));
                }
                for (Future<?> run : runs) {
                    run.get();
                }
            }
            Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
            OptionalLong rss = server.residentKib();
            LOG.warn(
                    "{} clients x {} server_info calls over HTTP took {} ms; server RSS after the run: {} KiB",
                    CLIENTS,
                    CALLS,
                    elapsed.toMillis(),
                    rss.isPresent() ? rss.getAsLong() : "unknown");

            assertThat(answered).as(server.log()).hasValue(CLIENTS * CALLS);
            assertThat(sessions.values().stream()
                            .flatMap(Set::stream)
                            .distinct()
                            .count())
                    .as("distinct session ids")
                    .isEqualTo(CLIENTS);
            if (rss.isPresent()) {
                assertThat(rss.getAsLong()).as("server VmRSS in KiB").isLessThan(RSS_BOUND_KIB);
            }
        }
    }
}
