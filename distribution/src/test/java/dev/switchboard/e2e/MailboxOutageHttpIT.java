package dev.switchboard.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

import io.modelcontextprotocol.client.McpSyncClient;
import tools.jackson.databind.JsonNode;

import dev.switchboard.e2e.support.HttpClients;
import dev.switchboard.e2e.support.RateLimits;
import dev.switchboard.e2e.support.ToolCalls;
import dev.switchboard.testkit.distribution.HttpServe;
import dev.switchboard.testkit.distribution.Installation;
import dev.switchboard.testkit.distribution.Json;
import dev.switchboard.testkit.storage.RestartablePostgres;
import dev.switchboard.testkit.storage.TestDatabase;

/**
 * A storage outage under load, over real HTTP, on a PostgreSQL server of the test's own that it stops and starts under a
 * running {@code serve --http} while {@value #WRITERS} writers keep sending: each writer is a role of a hosted channel
 * with its own token and MCP session, sends {@code send_message} with a unique {@code request_key} at line speed, and
 * retries a call answered 503 or {@code UNAVAILABLE} with the same key until it is answered (as a client is told to).
 * Asserted: every acknowledged write is in the channel exactly once, under the id its acknowledgement gave (0 lost, 0
 * duplicates); no request with a valid token is ever answered 401 or 403; a role token's held {@code wait_for_mail} is
 * answered 503 {@code UNAVAILABLE}, never 403 "rotated or revoked"; the same token's {@code initialize}, calls,
 * {@code /status} and {@code /hook-status} during the outage are 503 with {@code Retry-After}, never 401;
 * {@code /readyz} is 503 with its JSON reason while the database is down and 200 within 5 s of its return; the token
 * works again after the restart; and the log has one "unreachable" and one "answers again" line for the outage.
 *
 * <p>Runs beside the other end-to-end classes ({@link ExecutionMode#CONCURRENT}): most of its time is real time
 * spent waiting for its own PostgreSQL to stop and start, on a server and database of its own.
 */
@Execution(ExecutionMode.CONCURRENT)
class MailboxOutageHttpIT {

    private static final String VERSION = "2025-06-18";
    private static final int WRITERS = 6;
    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    @Test
    @SuppressWarnings("unchecked")
    void aPostgresqlRestartUnderWritersLosesNoAcknowledgedWriteDuplicatesNoneAndNeverRefusesAValidToken()
            throws Exception {
        try (RestartablePostgres postgres = RestartablePostgres.start(dir.resolve("pg"))) {
            TestDatabase database = postgres.database("outage_http");
            Map<String, String> environment = new HashMap<>(database.environment());
            environment.put("SWITCHBOARD_PLUGINS__STORAGE_POSTGRES__CONNECT_TIMEOUT_MS", "1000");
            Installation installation = Installation.copyOfBuilt(dir.resolve("dist"));
            // the writers drive their tokens at line speed, above the per-credential rate limit (ADR 22)
            try (HttpServe serve =
                            HttpServe.start(installation, RateLimits.lifted(environment), dir.resolve("serve.log"));
                    HttpClient http = HttpClient.newBuilder()
                            .version(HttpClient.Version.HTTP_1_1)
                            .build()) {
                List<String> roles = new ArrayList<>(List.of("dev", "ops"));
                for (int i = 1; i <= WRITERS; i++) {
                    roles.add("w" + i);
                }
                Map<String, String> tokens;
                try (McpSyncClient owner = HttpClients.initialized(serve, serve.token(), "outage-owner")) {
                    tokens = (Map<String, String>) ToolCalls.okStructured(
                                    owner, "create_channel", Map.of("name", "outage", "roles", roles), serve.log())
                            .get("tokens");
                }
                String session = session(http, serve, tokens.get("dev"));

                List<Writer> writers = new ArrayList<>();
                try {
                    for (int i = 1; i <= WRITERS; i++) {
                        Writer writer = new Writer(http, serve, "w" + i, tokens.get("w" + i));
                        writers.add(writer);
                        writer.start();
                    }
                    underLoad(postgres, database, serve, http, tokens, session, writers);
                } finally {
                    writers.forEach(Writer::interrupt); // a failed run leaves no writer behind (finished ones are gone)
                }
            }
        }
    }

    /** The outage under the running writers, and what it must leave behind. */
    private static void underLoad(
            RestartablePostgres postgres,
            TestDatabase database,
            HttpServe serve,
            HttpClient http,
            Map<String, String> tokens,
            String session,
            List<Writer> writers)
            throws Exception {
        String token = tokens.get("dev");
        for (Writer writer : writers) {
            assertThat(writer.warmedUp.await(WAIT.toSeconds(), TimeUnit.SECONDS))
                    .as("%s acknowledged before the outage: %s%s", writer.role, writer, serve.log())
                    .isTrue();
        }

        CompletableFuture<HttpResponse<String>> held = http.sendAsync(
                request(serve, token, session, call(7, "wait_for_mail", "{\"timeout_s\":3}")),
                HttpResponse.BodyHandlers.ofString());
        try {
            HttpResponse<String> early = held.get(500, TimeUnit.MILLISECONDS);
            throw new AssertionError("answered instead of held: " + early.body() + "\n" + serve.log());
        } catch (TimeoutException stillHeld) {
            // held, as wait_for_mail is
        }

        postgres.stop();

        HttpResponse<String> answer = held.get(30, TimeUnit.SECONDS);
        assertThat(answer.statusCode()).as(answer.body()).isIn(503, 200).isNotEqualTo(403);
        assertThat(answer.body()).contains("UNAVAILABLE").doesNotContain("FORBIDDEN");
        if (answer.statusCode() == 503) {
            assertThat(answer.headers().firstValue("Retry-After")).contains("5");
        }

        // at once: each waits for at most the connect timeout
        List<CompletableFuture<HttpResponse<String>>> duringOutage = List.of(
                http.sendAsync(request(serve, token, null, initialize()), HttpResponse.BodyHandlers.ofString()),
                http.sendAsync(
                        request(serve, token, session, call(8, "read_inbox", "{}")),
                        HttpResponse.BodyHandlers.ofString()),
                http.sendAsync(get(serve, "/status", token), HttpResponse.BodyHandlers.ofString()),
                http.sendAsync(get(serve, "/hook-status", token), HttpResponse.BodyHandlers.ofString()));
        for (CompletableFuture<HttpResponse<String>> answered : duringOutage) {
            HttpResponse<String> refused = answered.get(WAIT.toSeconds(), TimeUnit.SECONDS);
            assertThat(refused.statusCode())
                    .as(refused.request().uri() + " " + refused.body())
                    .isEqualTo(503);
            assertThat(refused.headers().firstValue("Retry-After")).contains("5");
            assertThat(refused.body()).contains("UNAVAILABLE");
        }

        HttpResponse<String> notReady = awaitReadyz(http, serve, r -> r.statusCode() == 503);
        assertThat(notReady.body())
                .as("a short JSON reason naming no host or port")
                .startsWith("{\"ready\":false,\"reason\":\"")
                .doesNotContain(Integer.toString(database.port()));
        for (Writer writer : writers) {
            assertThat(writer.outageSeen.await(WAIT.toSeconds(), TimeUnit.SECONDS))
                    .as("%s was answered UNAVAILABLE during the outage: %s%s", writer.role, writer, serve.log())
                    .isTrue();
        }

        postgres.start();
        Instant back = Instant.now();
        HttpResponse<String> ready = awaitReadyz(http, serve, r -> r.statusCode() == 200);
        assertThat(Duration.between(back, Instant.now()))
                .as("ready within 5 s of the database's return: %s%s", ready.body(), serve.log())
                .isLessThan(Duration.ofSeconds(5));
        assertThat(ready.body()).isEqualTo("{\"ready\":true}");

        for (Writer writer : writers) {
            writer.afterRestart = new CountDownLatch(3);
        }
        for (Writer writer : writers) {
            assertThat(writer.afterRestart.await(WAIT.toSeconds(), TimeUnit.SECONDS))
                    .as("%s acknowledged after the restart: %s%s", writer.role, writer, serve.log())
                    .isTrue();
        }
        for (Writer writer : writers) {
            writer.finish();
        }

        HttpResponse<String> recovered = untilNot503(http, serve, token, session);
        assertThat(recovered.statusCode()).as(recovered.body()).isEqualTo(200);
        assertThat(recovered.body()).doesNotContain("\"isError\":true");
        // the end is logged at the first call that works a connect timeout after the outage's last failure
        awaitLogLineWhileCalling(http, serve, token, session, " answers again after ");
        assertThat(serve.log().lines().filter(line -> line.contains(" is unreachable (")))
                .as(serve.log())
                .hasSize(1);
        assertThat(serve.log().lines().filter(line -> line.contains(" answers again after ")))
                .hasSize(1);
        assertThat(serve.log()).doesNotContain("treating the credential as unknown");

        String reader = session(http, serve, tokens.get("ops"));
        int acknowledged = 0;
        for (Writer writer : writers) {
            assertThat(writer.refusals)
                    .as("401/403 for a valid token, %s", writer.role)
                    .isEmpty();
            assertThat(writer.unexpected)
                    .as("answers other than ok or UNAVAILABLE, %s", writer.role)
                    .isEmpty();
            Map<String, List<Long>> listed = listed(http, serve, tokens.get("ops"), reader, writer.role);
            assertThat(listed.keySet())
                    .as("%s: every acknowledged write is listed, and nothing else (%s)", writer.role, writer)
                    .isEqualTo(writer.acknowledged.keySet());
            listed.forEach((key, ids) -> assertThat(ids)
                    .as("%s: written once, under the acknowledged id", key)
                    .containsExactly(writer.acknowledged.get(key)));
            acknowledged += writer.acknowledged.size();
            System.out.println("MailboxOutageHttpIT " + writer);
        }
        System.out.println("MailboxOutageHttpIT acknowledged writes: " + acknowledged);
    }

    /**
     * One writer: a role of the hosted channel, with its own token and MCP session, sending to {@code ops} at line
     * speed with request keys {@code <role>-<n>}, each retried with the same key until it is answered. Records every
     * acknowledgement's message id and every answer that is neither an acknowledgement nor UNAVAILABLE. Its fields
     * are read by the test's thread after {@link #finish()} (or, for the latches, at any time).
     */
    private static final class Writer extends Thread {
        private final HttpClient http;
        private final HttpServe serve;
        private final String role;
        private final String token;
        private final Map<String, Long> acknowledged = new ConcurrentHashMap<>();
        private final List<String> refusals = new CopyOnWriteArrayList<>();
        private final List<String> unexpected = new CopyOnWriteArrayList<>();
        private final CountDownLatch warmedUp = new CountDownLatch(3);
        private final CountDownLatch outageSeen = new CountDownLatch(1);
        private volatile CountDownLatch afterRestart = new CountDownLatch(1);
        private volatile boolean running = true;
        private volatile int retries;
        private volatile Throwable died;

        Writer(HttpClient http, HttpServe serve, String role, String token) {
            super("outage-writer-" + role);
            setDaemon(true);
            this.http = http;
            this.serve = serve;
            this.role = role;
            this.token = token;
        }

        @Override
        public void run() {
            try {
                String session = session(http, serve, token);
                for (int n = 0; running; n++) {
                    CountDownLatch restart = afterRestart;
                    String key = role + "-" + n;
                    acknowledged.put(key, sendUntilAnswered(session, key, n));
                    warmedUp.countDown();
                    restart.countDown();
                }
            } catch (Throwable e) {
                died = e;
                unexpected.add("the writer failed: " + e);
                warmedUp.countDown();
                warmedUp.countDown();
                warmedUp.countDown();
                outageSeen.countDown();
            }
        }

        /** @return the acknowledged message's id, after as many retries with the same key as it takes */
        private long sendUntilAnswered(String session, String key, int n) throws Exception {
            String arguments = "{\"to\":\"ops\",\"topic\":\"load " + key + "\",\"body\":\"write " + key
                    + "\",\"request_key\":\"" + key + "\"}";
            Instant deadline = Instant.now().plus(WAIT.multipliedBy(2));
            for (int attempt = 0; ; attempt++) {
                assertThat(Instant.now())
                        .as("%s answered within %s", key, WAIT.multipliedBy(2))
                        .isBefore(deadline);
                if (attempt > 0) {
                    retries++;
                    Thread.sleep(100); // the client's back-off before it retries an UNAVAILABLE call
                }
                HttpResponse<String> answer;
                try {
                    answer = post(http, serve, token, session, call(1000 + n, "send_message", arguments));
                } catch (IOException e) {
                    unexpected.add(key + ": no answer (" + e + ")");
                    continue;
                }
                String body = answer.body();
                if (answer.statusCode() == 401 || answer.statusCode() == 403 || body.contains("FORBIDDEN")) {
                    refusals.add(key + ": " + answer.statusCode() + " " + body);
                    continue;
                }
                if (answer.statusCode() == 503 || body.contains("UNAVAILABLE")) {
                    outageSeen.countDown();
                    continue;
                }
                JsonNode result = message(body).path("result");
                JsonNode id = structured(result).path("id");
                if (answer.statusCode() != 200 || result.path("isError").asBoolean(false) || !id.isNumber()) {
                    unexpected.add(key + ": " + answer.statusCode() + " " + body);
                    continue;
                }
                return id.asLong();
            }
        }

        /** Stops after the write in flight is answered, and waits for that. */
        void finish() throws InterruptedException {
            running = false;
            join(WAIT.multipliedBy(3).toMillis());
            assertThat(isAlive()).as("%s finished its last write", role).isFalse();
            assertThat(died).as(role).isNull();
        }

        @Override
        public String toString() {
            return role + ": " + acknowledged.size() + " acknowledged, " + retries + " retried calls, refusals "
                    + refusals + ", unexpected " + unexpected;
        }
    }

    /**
     * @return the role's messages in the channel, by request key (from the topic), each key's message ids
     */
    private static Map<String, List<Long>> listed(
            HttpClient http, HttpServe serve, String token, String session, String from)
            throws IOException, InterruptedException {
        HttpResponse<String> answer = post(
                http,
                serve,
                token,
                session,
                call(
                        300,
                        "list_messages",
                        "{\"from_role\":\"" + from + "\",\"limit\":1000,\"fields\":[\"id\",\"topic\"]}"));
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        JsonNode listing = structured(message(answer.body()).path("result"));
        assertThat(listing.has("truncated"))
                .as("all %s's messages in one listing: %s", from, answer.body())
                .isFalse();
        Map<String, List<Long>> byKey = new TreeMap<>();
        for (JsonNode entry : listing.path("result")) {
            String topic = entry.path("topic").asString();
            assertThat(topic).startsWith("load ");
            byKey.computeIfAbsent(topic.substring("load ".length()), key -> new ArrayList<>())
                    .add(entry.path("id").asLong());
        }
        return byKey;
    }

    /** @return a new MCP session of the token, initialized */
    private static String session(HttpClient http, HttpServe serve, String token)
            throws IOException, InterruptedException {
        HttpResponse<String> initialized = post(http, serve, token, null, initialize());
        assertThat(initialized.statusCode()).as(initialized.body()).isEqualTo(200);
        String session = initialized.headers().firstValue("Mcp-Session-Id").orElseThrow();
        post(http, serve, token, session, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        return session;
    }

    /** @return the first {@code /readyz} answer {@code wanted} accepts, polled for at most {@link #WAIT} */
    private static HttpResponse<String> awaitReadyz(
            HttpClient http, HttpServe serve, Predicate<HttpResponse<String>> wanted)
            throws IOException, InterruptedException {
        Instant deadline = Instant.now().plus(WAIT);
        HttpRequest readyz = HttpRequest.newBuilder(serve.uri("/readyz")).GET().build();
        HttpResponse<String> response = http.send(readyz, HttpResponse.BodyHandlers.ofString());
        while (!wanted.test(response)) {
            assertThat(Instant.now())
                    .as("/readyz still answers %d %s%s", response.statusCode(), response.body(), serve.log())
                    .isBefore(deadline);
            Thread.sleep(50);
            response = http.send(readyz, HttpResponse.BodyHandlers.ofString());
        }
        return response;
    }

    /** @return the first answer to a role call that is not 503 (nor a tool's UNAVAILABLE), for at most 20 s */
    private static HttpResponse<String> untilNot503(HttpClient http, HttpServe serve, String token, String session)
            throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        int id = 100;
        while (true) {
            HttpResponse<String> answer = post(http, serve, token, session, call(id++, "read_inbox", "{}"));
            boolean unavailable = answer.statusCode() == 503 || answer.body().contains("UNAVAILABLE");
            if (!unavailable || System.nanoTime() > deadline) {
                return answer;
            }
            Thread.sleep(200);
        }
    }

    /** Calls as the role every 200 ms, for at most 20 s, until the server's log has a line containing {@code text}. */
    private static void awaitLogLineWhileCalling(
            HttpClient http, HttpServe serve, String token, String session, String text)
            throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        for (int id = 200; !serve.log().contains(text) && System.nanoTime() < deadline; id++) {
            HttpResponse<String> answer = post(http, serve, token, session, call(id, "read_inbox", "{}"));
            assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
            Thread.sleep(200);
        }
        assertThat(serve.log()).contains(text);
    }

    /** The JSON-RPC message of a response body: plain JSON, or the last {@code data:} line of an SSE stream. */
    private static JsonNode message(String body) {
        String json = body.strip();
        if (!json.startsWith("{")) {
            json = json.lines()
                    .filter(line -> line.startsWith("data:"))
                    .map(line -> line.substring(5).strip())
                    .filter(line -> line.startsWith("{"))
                    .reduce((first, second) -> second)
                    .orElse("{}");
        }
        return Json.parse(json.getBytes(StandardCharsets.UTF_8));
    }

    /** @return a tool result's structured content, or its first text content parsed when it has none */
    private static JsonNode structured(JsonNode result) {
        JsonNode structured = result.path("structuredContent");
        if (!structured.isMissingNode() && !structured.isNull()) {
            return structured;
        }
        String text = result.path("content").path(0).path("text").asString("");
        return text.startsWith("{") ? Json.parse(text.getBytes(StandardCharsets.UTF_8)) : structured;
    }

    private static HttpResponse<String> post(
            HttpClient http, HttpServe serve, String token, String session, String body)
            throws IOException, InterruptedException {
        return http.send(request(serve, token, session, body), HttpResponse.BodyHandlers.ofString());
    }

    private static HttpRequest request(HttpServe serve, String token, String session, String body) {
        HttpRequest.Builder request = HttpRequest.newBuilder(serve.uri("/mcp"))
                .timeout(WAIT)
                .header("Authorization", "Bearer " + token)
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .header("MCP-Protocol-Version", VERSION)
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (session != null) {
            request.header("Mcp-Session-Id", session);
        }
        return request.build();
    }

    private static HttpRequest get(HttpServe serve, String path, String token) {
        return HttpRequest.newBuilder(serve.uri(path))
                .header("Authorization", "Bearer " + token)
                .GET()
                .build();
    }

    private static String initialize() {
        return "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"" + VERSION
                + "\",\"capabilities\":{},\"clientInfo\":{\"name\":\"outage\",\"version\":\"1\"}}}";
    }

    private static String call(int id, String tool, String arguments) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool
                + "\",\"arguments\":" + arguments + "}}";
    }
}
