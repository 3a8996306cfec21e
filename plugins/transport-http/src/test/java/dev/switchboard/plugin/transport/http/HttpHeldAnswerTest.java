package dev.switchboard.plugin.transport.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.http.EndpointResponse;
import dev.switchboard.ports.http.HttpEndpoint;
import dev.switchboard.ports.http.HttpRoute;
import dev.switchboard.ports.storage.StorageBusyException;
import dev.switchboard.ports.tool.ToolResult;
import dev.switchboard.testkit.transport.FakeAuthenticator;
import dev.switchboard.testkit.transport.FakeTransportContext;

/**
 * ADR 27 over real HTTP: an answer written later than {@code credential-recheck-ms} after its request was admitted
 * has the request's credential looked up again, and a credential revoked meanwhile gets FORBIDDEN instead of what
 * was computed; an answer written sooner costs no second lookup. A credential the store could not check
 * (a storage outage) is UNAVAILABLE, 503 with {@code Retry-After}, never FORBIDDEN or 401.
 */
class HttpHeldAnswerTest {

    private static final String ROLE_TOKEN = "cct_role-5b1e0c9d7a3f2468e0b1";
    private static final Principal ROLE =
            new Principal("cct#7", Principal.Kind.CHANNEL_ROLE, Map.of("channel", "proj", "role", "dev"));
    private static final long RECHECK_MS = 100;
    private static final String COMPUTED = "computed-for-the-old-token";

    private final FakeAuthenticator authenticator =
            FakeAuthenticator.requiringTokens().token(ROLE_TOKEN, ROLE);
    private final CountDownLatch started = new CountDownLatch(1);
    private final CountDownLatch release = new CountDownLatch(1);
    private TestServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private void start(Map<String, Object> overrides, HttpEndpoint... endpoints) {
        Map<String, Object> settings = new HashMap<>(Map.of("credential-recheck-ms", RECHECK_MS));
        settings.putAll(overrides);
        server = TestServer.start(
                FakeTransportContext.builder()
                        .authenticator(authenticator)
                        .endpoints(HttpEndpointsTest.catalog(endpoints))
                        .build()
                        .with(List.of("held", "quick"), call -> {
                            if (call.toolName().equals("held")) {
                                holdPastTheRecheck();
                                return ToolResult.text(COMPUTED);
                            }
                            return ToolResult.text("quick");
                        }),
                settings);
    }

    /** Says it started, waits until the test lets it go, then stays busy past the recheck interval. */
    private void holdPastTheRecheck() {
        started.countDown();
        try {
            release.await(20, TimeUnit.SECONDS);
            Thread.sleep(RECHECK_MS + 50);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private CompletableFuture<RawHttp.Response> callHeld(String session) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return server.post(ROLE_TOKEN, session, TestServer.call(5, "held"))
                        .send(server.port);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
    }

    private RawHttp.Response heldAcrossRevocation(String session) throws Exception {
        CompletableFuture<RawHttp.Response> answer = callHeld(session);
        assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
        authenticator.revoke(ROLE_TOKEN);
        release.countDown();
        return answer.get(20, TimeUnit.SECONDS);
    }

    @SuppressWarnings("unchecked")
    private static void assertForbidden(Map<String, Object> message, Object id) {
        assertThat(message).containsEntry("id", id);
        Map<String, Object> error = (Map<String, Object>) message.get("error");
        assertThat(error).containsEntry("code", -32000).containsEntry("data", Map.of("code", "FORBIDDEN"));
        assertThat((String) error.get("message")).startsWith("Forbidden: this request's credential was rotated");
    }

    @SuppressWarnings("unchecked")
    private static void assertUnavailable(Map<String, Object> message, Object id) {
        assertThat(message).containsEntry("id", id);
        Map<String, Object> error = (Map<String, Object>) message.get("error");
        assertThat(error)
                .containsEntry("code", -32000)
                .containsEntry("data", Map.of("code", "UNAVAILABLE", "retryable", true));
        assertThat((String) error.get("message"))
                .startsWith("Service Unavailable:")
                .contains("not refused");
    }

    @Test
    void aToolCallHeldWhileTheCredentialStoreGoesDownIs503UnavailableWithRetryAfterNeverForbidden() throws Exception {
        start(Map.of("sse-heartbeat-ms", 60_000));
        String session = server.initialize(ROLE_TOKEN);
        CompletableFuture<RawHttp.Response> held = callHeld(session);
        assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
        authenticator.storeDown(true);
        release.countDown();

        RawHttp.Response answer = held.get(20, TimeUnit.SECONDS);

        assertThat(answer.status()).as(answer.text()).isEqualTo(503);
        assertThat(answer.header("Retry-After")).isEqualTo("5");
        assertUnavailable(answer.json(), 5);
        assertThat(answer.text()).doesNotContain(COMPUTED);
    }

    @Test
    void aToolCallHeldOnAnEventStreamWhileTheStoreIsDownEndsWithAnUnavailableErrorForItsId() throws Exception {
        start(Map.of("sse-heartbeat-ms", 20));
        String session = server.initialize(ROLE_TOKEN);
        CompletableFuture<RawHttp.Response> held = callHeld(session);
        assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
        authenticator.storeDown(true);
        release.countDown();

        RawHttp.Response answer = held.get(20, TimeUnit.SECONDS);

        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.messages()).singleElement().satisfies(message -> assertUnavailable(message, 5));
        assertThat(answer.text()).doesNotContain(COMPUTED);
    }

    @Test
    void whileTheCredentialStoreIsDownInitializeCallsAndEndpointsAre503WithRetryAfterNever401() throws Exception {
        start(
                Map.of(),
                HttpEndpointsTest.endpoint(
                        HttpRoute.of("GET", "/status", HttpRoute.Access.AUTHENTICATED),
                        request -> EndpointResponse.json(200, "{\"pending\":0}")));
        String session = server.initialize(ROLE_TOKEN);
        authenticator.storeDown(true);

        RawHttp.Response initialize =
                server.post(ROLE_TOKEN, null, TestServer.initializeRequest(1)).send(server.port);
        RawHttp.Response call =
                server.post(ROLE_TOKEN, session, TestServer.call(2, "quick")).send(server.port);
        RawHttp.Response status = RawHttp.request("GET", "/status")
                .header("Authorization", "Bearer " + ROLE_TOKEN)
                .send(server.port);

        for (RawHttp.Response answer : List.of(initialize, call, status)) {
            assertThat(answer.status()).as(answer.text()).isEqualTo(503);
            assertThat(answer.header("Retry-After")).isEqualTo("5");
            assertThat(answer.header("WWW-Authenticate")).isNull();
            assertThat(answer.error()).containsEntry("data", Map.of("code", "UNAVAILABLE", "retryable", true));
        }

        authenticator.storeDown(false);
        RawHttp.Response back =
                server.post(ROLE_TOKEN, session, TestServer.call(3, "quick")).send(server.port);
        assertThat(back.status()).isEqualTo(200);
        assertThat(back.text()).contains("quick");
    }

    @Test
    void anEndpointWhoseStoreCannotAnswerIs503WithRetryAfterNot500() throws Exception {
        start(Map.of(), HttpEndpointsTest.endpoint(HttpRoute.of("GET", "/board", HttpRoute.Access.NONE), request -> {
            throw new StorageBusyException("the mailbox database is unreachable for reading");
        }));

        RawHttp.Response answer = RawHttp.request("GET", "/board").send(server.port);

        assertThat(answer.status()).as(answer.text()).isEqualTo(503);
        assertThat(answer.header("Retry-After")).isEqualTo("5");
        assertThat(answer.text()).doesNotContain("correlation");
    }

    @Test
    void aToolCallHeldAcrossItsTokensRevocationIsAnswered403ForbiddenWithNothingOfItsResult() throws Exception {
        start(Map.of("sse-heartbeat-ms", 60_000));
        String session = server.initialize(ROLE_TOKEN);

        RawHttp.Response answer = heldAcrossRevocation(session);

        assertThat(answer.status()).as(answer.text()).isEqualTo(403);
        assertForbidden(answer.json(), 5);
        assertThat(answer.text()).doesNotContain(COMPUTED);
    }

    @Test
    void aToolCallHeldOnAnEventStreamAcrossItsTokensRevocationEndsWithAForbiddenErrorForItsId() throws Exception {
        start(Map.of("sse-heartbeat-ms", 20));
        String session = server.initialize(ROLE_TOKEN);

        RawHttp.Response answer = heldAcrossRevocation(session);

        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.header("Content-Type")).startsWith("text/event-stream");
        assertThat(answer.messages()).singleElement().satisfies(message -> assertForbidden(message, 5));
        assertThat(answer.text()).doesNotContain(COMPUTED);
    }

    @Test
    void aHeldAnswerOfALiveTokenCostsOneLookupMoreThanAdmissionWhateverItsHeartbeats() throws Exception {
        start(Map.of("sse-heartbeat-ms", 20));
        String session = server.initialize(ROLE_TOKEN);
        int before = authenticator.lookups(ROLE_TOKEN);

        CompletableFuture<RawHttp.Response> answer = callHeld(session);
        assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
        release.countDown();
        RawHttp.Response served = answer.get(20, TimeUnit.SECONDS);

        assertThat(served.status()).isEqualTo(200);
        assertThat(served.text()).contains(COMPUTED);
        assertThat(authenticator.lookups(ROLE_TOKEN) - before).isEqualTo(2);
    }

    @Test
    void aShortCallIsLookedUpOnceAtAdmissionAndNotAgainBeforeItsAnswer() throws Exception {
        start(Map.of("credential-recheck-ms", 60_000));
        String session = server.initialize(ROLE_TOKEN);
        int before = authenticator.lookups(ROLE_TOKEN);

        RawHttp.Response answer =
                server.post(ROLE_TOKEN, session, TestServer.call(2, "quick")).send(server.port);

        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.text()).contains("quick");
        assertThat(authenticator.lookups(ROLE_TOKEN) - before).isEqualTo(1);
    }

    @Test
    void aStreamedEndpointAnswerHeldAcrossItsTokensRevocationIsReplacedByTheForbiddenError() throws Exception {
        start(
                Map.of(),
                HttpEndpointsTest.endpoint(
                        HttpRoute.of("GET", "/poll", HttpRoute.Access.AUTHENTICATED),
                        request -> new EndpointResponse.Streamed(
                                200,
                                Map.of("Content-Type", List.of("application/json")),
                                new EndpointResponse.KeepAlive(
                                        " ".getBytes(StandardCharsets.US_ASCII), Duration.ofMillis(100)),
                                stream -> {
                                    holdPastTheRecheck();
                                    stream.write(
                                            ("{\"secret\":\"" + COMPUTED + "\"}").getBytes(StandardCharsets.UTF_8));
                                })));
        CompletableFuture<RawHttp.Response> poll = CompletableFuture.supplyAsync(() -> {
            try {
                return RawHttp.request("GET", "/poll")
                        .header("Authorization", "Bearer " + ROLE_TOKEN)
                        .send(server.port);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
        assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
        authenticator.revoke(ROLE_TOKEN);
        release.countDown();

        RawHttp.Response answer = poll.get(20, TimeUnit.SECONDS);

        assertThat(answer.status()).isEqualTo(200);
        assertForbidden(answer.json(), null);
        assertThat(answer.text()).doesNotContain(COMPUTED);
    }

    @Test
    void aCompleteEndpointAnswerComputedPastTheRecheckAfterARevocationIs403Forbidden() throws Exception {
        start(
                Map.of(),
                HttpEndpointsTest.endpoint(HttpRoute.of("GET", "/slow", HttpRoute.Access.AUTHENTICATED), request -> {
                    holdPastTheRecheck();
                    return EndpointResponse.json(200, "{\"secret\":\"" + COMPUTED + "\"}");
                }));
        CompletableFuture<RawHttp.Response> slow = CompletableFuture.supplyAsync(() -> {
            try {
                return RawHttp.request("GET", "/slow")
                        .header("Authorization", "Bearer " + ROLE_TOKEN)
                        .send(server.port);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
        assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
        authenticator.revoke(ROLE_TOKEN);
        release.countDown();

        RawHttp.Response answer = slow.get(20, TimeUnit.SECONDS);

        assertThat(answer.status()).isEqualTo(403);
        assertForbidden(answer.json(), null);
        assertThat(answer.text()).doesNotContain(COMPUTED);
    }
}
