package dev.switchboard.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.function.Predicate;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;

import dev.switchboard.e2e.support.ToolCalls;
import dev.switchboard.testkit.distribution.HttpServe;
import dev.switchboard.testkit.distribution.Installation;
import dev.switchboard.testkit.distribution.McpClients;
import dev.switchboard.testkit.storage.RestartablePostgres;
import dev.switchboard.testkit.storage.TestDatabase;

/**
 * A real {@code serve --http} on a PostgreSQL of its own that the test stops and starts: started while the database is
 * down, the node is live ({@code /healthz} 200) but not ready ({@code /readyz} 503 with a short JSON reason), retries
 * the storage in the background and becomes ready by itself when the database comes up, its storage plugins (handoff)
 * then listed and served without a restart; an outage later makes it not ready, and ready again within 5 s of the
 * database's return.
 *
 * <p>Runs beside the other end-to-end classes ({@link ExecutionMode#CONCURRENT}): most of its time is real time
 * spent waiting for its own PostgreSQL to stop and start, on a server and database of its own.
 */
@Execution(ExecutionMode.CONCURRENT)
class ReadinessOnPostgresIT {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void aNodeStartedWithTheDatabaseDownBecomesReadyWhenItComesUpAndFollowsLaterOutages() throws Exception {
        try (RestartablePostgres postgres = RestartablePostgres.start(dir.resolve("pg"))) {
            TestDatabase database = postgres.database("readiness_it");
            postgres.stop();
            Map<String, String> env = new HashMap<>(database.environment());
            env.put("SWITCHBOARD_PLUGINS__STORAGE_POSTGRES__CONNECT_TIMEOUT_MS", "1000");
            Installation installation = Installation.copyOfBuilt(dir.resolve("install"));
            try (HttpServe server = HttpServe.start(installation, env, dir.resolve("server.log"))) {
                HttpResponse<String> live = get(server, "/healthz");
                HttpResponse<String> notReady = get(server, "/readyz");
                assertThat(live.statusCode()).as(server.log()).isEqualTo(200);
                assertThat(notReady.statusCode()).as(server.log()).isEqualTo(503);
                assertThat(notReady.body())
                        .as("a short JSON reason naming no host or port")
                        .startsWith("{\"ready\":false,\"reason\":\"")
                        .doesNotContain(Integer.toString(database.port()));

                postgres.start();
                Instant back = Instant.now();
                HttpResponse<String> ready = awaitReadyz(server, r -> r.statusCode() == 200);
                assertThat(ready.body()).as(server.log()).isEqualTo("{\"ready\":true}");
                assertThat(Duration.between(back, Instant.now()))
                        .as("ready after the database came up, without a restart" + server.log())
                        .isLessThan(Duration.ofSeconds(15));

                McpSyncClient client =
                        McpClients.http(server, "e2e-readiness", new HashSet<>(), Duration.ofSeconds(20), b -> b);
                try {
                    client.initialize();
                    assertThat(client.listTools().tools())
                            .as("the plugin that waited for the storage is listed with its real descriptor")
                            .filteredOn(tool -> tool.name().equals("frontispice_register_project"))
                            .singleElement()
                            .extracting(McpSchema.Tool::description)
                            .asString()
                            .doesNotStartWith("Unavailable");
                    ToolCalls.ok(
                            client, "frontispice_register_project", Map.of("project", "after-outage"), server.log());
                } finally {
                    client.closeGracefully();
                }

                postgres.stop();
                HttpResponse<String> outage = awaitReadyz(server, r -> r.statusCode() == 503);
                assertThat(outage.body()).as(server.log()).startsWith("{\"ready\":false,\"reason\":\"");
                assertThat(get(server, "/healthz").statusCode()).isEqualTo(200);

                postgres.start();
                Instant again = Instant.now();
                awaitReadyz(server, r -> r.statusCode() == 200);
                assertThat(Duration.between(again, Instant.now()))
                        .as("ready within 5 s of the database's return" + server.log())
                        .isLessThan(Duration.ofSeconds(5));
            }
        }
    }

    private HttpResponse<String> awaitReadyz(HttpServe server, Predicate<HttpResponse<String>> wanted)
            throws IOException, InterruptedException {
        Instant deadline = Instant.now().plus(WAIT);
        HttpResponse<String> response = get(server, "/readyz");
        while (!wanted.test(response)) {
            assertThat(Instant.now())
                    .as("/readyz still answers %d %s%s", response.statusCode(), response.body(), server.log())
                    .isBefore(deadline);
            Thread.sleep(100);
            response = get(server, "/readyz");
        }
        return response;
    }

    private HttpResponse<String> get(HttpServe server, String path) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(server.uri(path)).GET().build(), HttpResponse.BodyHandlers.ofString());
    }
}
