package dev.switchboard.plugin.transport.http;

import static dev.switchboard.plugin.transport.http.Callers.ALICE_TOKEN;
import static dev.switchboard.plugin.transport.http.Callers.BOB_TOKEN;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import dev.switchboard.ports.http.EndpointResponse;
import dev.switchboard.ports.http.HttpRoute;
import dev.switchboard.ports.tool.ToolResult;

/** ADR 22 over real HTTP: a bucket per credential on /mcp and the endpoints, and a bucket per peer for 401s. */
class HttpRateLimitTest {

    private TestServer server;

    @AfterEach
    void stop() {
        server.close();
    }

    private void start(Map<String, Object> limits) {
        server = TestServer.start(
                Callers.fake(HttpEndpointsTest.catalog(
                                HttpEndpointsTest.endpoint(
                                        HttpRoute.of("GET", "/mine", HttpRoute.Access.AUTHENTICATED),
                                        request -> EndpointResponse.text(200, "ok")),
                                HttpEndpointsTest.endpoint(
                                        HttpRoute.healthProbe("/probe"), request -> EndpointResponse.text(200, "up"))))
                        .with(List.of("echo"), call -> ToolResult.text("echo")),
                limits);
    }

    private RawHttp.Response call(String token, String session, int id) throws IOException {
        return server.post(token, session, TestServer.call(id, "echo")).send(server.port);
    }

    /** Calls until the first refusal (at most 50 calls). */
    private Spent spendUntilRefused(String token, String session) throws IOException {
        long start = System.nanoTime();
        int served = 0;
        for (int id = 100; id < 150; id++) {
            RawHttp.Response response = call(token, session, id);
            if (response.status() != 200) {
                return new Spent(served, id, response, (System.nanoTime() - start) / 1_000_000_000d);
            }
            served++;
        }
        throw new AssertionError("50 calls were all served");
    }

    /** What {@link #spendUntilRefused} saw: the calls served, the first refusal and its request's id, the seconds. */
    private record Spent(int served, int refusedId, RawHttp.Response refused, double seconds) {}

    @Test
    void theOwnersBurstIsServedThenTheExcessGets429WithRetryAfterAndAJsonRpcErrorNamingTheRequest() throws IOException {
        start(Map.of("rate-limit-per-second", 1, "rate-limit-burst", 8));
        String session = server.initialize(ALICE_TOKEN); // initialize and notifications/initialized: 2 permits

        Spent spent = spendUntilRefused(ALICE_TOKEN, session);

        // 6 of the burst are left; a slow host may earn back one permit per second it takes
        assertThat(spent.served()).isBetween(6, 6 + (int) Math.ceil(spent.seconds()) + 1);
        assertThat(spent.refused().status()).isEqualTo(429);
        assertThat(spent.refused().header("Retry-After")).isEqualTo("1");
        assertThat(spent.refused().error()).containsEntry("code", -32000);
        assertThat((String) spent.refused().error().get("message"))
                .startsWith("Too Many Requests: this credential made more requests than its rate limit allows");
        assertThat(spent.refused().json())
                .as("the request's id, read from its body")
                .containsEntry("id", spent.refusedId());
    }

    @Test
    void anEmptiedBucketRefillsAtTheConfiguredRate() throws Exception {
        start(Map.of("rate-limit-per-second", 1, "rate-limit-burst", 3));
        String session = server.initialize(ALICE_TOKEN);
        Spent spent = spendUntilRefused(ALICE_TOKEN, session);

        Thread.sleep(Long.parseLong(spent.refused().header("Retry-After")) * 1000);
        RawHttp.Response afterRefill = call(ALICE_TOKEN, session, 4);

        assertThat(spent.refused().status()).isEqualTo(429);
        assertThat(afterRefill.status()).isEqualTo(200);
    }

    @Test
    void twoTokensHaveIndependentBuckets() throws IOException {
        start(Map.of("rate-limit-per-second", 1, "rate-limit-burst", 3));
        String alice = server.initialize(ALICE_TOKEN);
        Spent aliceSpent = spendUntilRefused(ALICE_TOKEN, alice);

        String bob = server.initialize(BOB_TOKEN);
        RawHttp.Response bobServed = call(BOB_TOKEN, bob, 2);

        assertThat(aliceSpent.refused().status()).isEqualTo(429);
        assertThat(bobServed.status()).isEqualTo(200);
    }

    @Test
    void pluginEndpointsShareTheCredentialsBucketWhileHealthChecksAndProbesAreNeverLimited() throws IOException {
        start(Map.of("rate-limit-per-second", 1, "rate-limit-burst", 2));
        List<Integer> mine = new ArrayList<>();
        while (!mine.contains(429) && mine.size() < 50) {
            mine.add(RawHttp.request("GET", "/mine")
                    .header("Authorization", "Bearer " + BOB_TOKEN)
                    .send(server.port)
                    .status());
        }
        RawHttp.Response mcp =
                server.post(BOB_TOKEN, null, TestServer.initializeRequest(1)).send(server.port);
        List<Integer> health = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            health.add(RawHttp.request("GET", "/healthz").send(server.port).status());
            health.add(RawHttp.request("GET", "/probe").send(server.port).status());
        }

        assertThat(mine).startsWith(200, 200).endsWith(429).containsOnly(200, 429);
        assertThat(health).containsOnly(200);
        assertThat(mcp.status()).isEqualTo(429);
    }

    @Test
    void aPeerThatPresentsTooManyWrongTokensGets429ForThemWithRetryAfter() throws IOException {
        start(Map.of("auth-failures-per-minute", 1, "auth-failure-burst", 3));
        List<Integer> wrong = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            wrong.add(server.post("guess-" + i, null, TestServer.initializeRequest(1))
                    .send(server.port)
                    .status());
        }
        RawHttp.Response next =
                server.post("guess-5", null, TestServer.initializeRequest(1)).send(server.port);

        assertThat(wrong).containsExactly(401, 401, 401, 429);
        assertThat(next.status()).isEqualTo(429);
        assertThat(Long.parseLong(next.header("Retry-After"))).isBetween(55L, 60L);
        assertThat((String) next.error().get("message")).contains("too many refused credentials from this address");
        assertThat(next.json()).as("a caller not admitted has no body read").containsEntry("id", null);
    }

    @Test
    void fortyWrongTokensFromAnAddressNeverLockOutAValidTokenFromTheSameAddress() throws IOException {
        // the default burst of 20; one failure a minute earned back, so that none is earned back during the test
        start(Map.of("auth-failures-per-minute", 1));
        List<Integer> wrong = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            wrong.add(server.post("guess-" + i, null, TestServer.initializeRequest(1))
                    .send(server.port)
                    .status());
        }

        RawHttp.Response owner =
                server.post(ALICE_TOKEN, null, TestServer.initializeRequest(1)).send(server.port);
        RawHttp.Response wrongAfter =
                server.post("guess-41", null, TestServer.initializeRequest(1)).send(server.port);

        assertThat(wrong.subList(0, 20)).as("the failure burst, 20 by default").containsOnly(401);
        assertThat(wrong.subList(20, 40)).containsOnly(429);
        assertThat(owner.status()).as("the owner token, from the same address").isEqualTo(200);
        assertThat(wrongAfter.status()).as("the guessing goes on being refused").isEqualTo(429);
    }

    private void startWithABoard() {
        server = TestServer.start(
                Callers.fake(HttpEndpointsTest.catalog(HttpEndpointsTest.endpoint(
                                HttpRoute.of("GET", "/board", HttpRoute.Access.HANDLER),
                                request -> request.queryParameter("t")
                                        .filter("valid-nonce"::equals)
                                        .map(nonce -> EndpointResponse.text(200, "board"))
                                        .orElseGet(
                                                () -> EndpointResponse.text(401, "this board link no longer works")))))
                        .with(List.of("echo"), call -> ToolResult.text("echo")),
                Map.of("auth-failures-per-minute", 1, "auth-failure-burst", 3));
    }

    private int board(String nonce) throws IOException {
        return RawHttp.request("GET", "/board?t=" + nonce).send(server.port).status();
    }

    @Test
    void aPeerGuessingBoardNoncesGets429WithRetryAfterOnceItsRefusalsAreSpent() throws IOException {
        startWithABoard();
        List<Integer> guesses = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            guesses.add(board("guess-" + i));
        }
        RawHttp.Response refused = RawHttp.request("GET", "/board?t=guess-5").send(server.port);
        RawHttp.Response mcp =
                server.post(ALICE_TOKEN, null, TestServer.initializeRequest(1)).send(server.port);
        RawHttp.Response wrongToken =
                server.post("guess-6", null, TestServer.initializeRequest(1)).send(server.port);

        assertThat(guesses).containsExactly(401, 401, 401, 429);
        assertThat(wrongToken.status())
                .as("the peer's one failure bucket is shared with /mcp")
                .isEqualTo(429);
        assertThat(refused.status()).isEqualTo(429);
        assertThat(Long.parseLong(refused.header("Retry-After"))).isBetween(55L, 60L);
        assertThat((String) refused.error().get("message")).contains("too many refused credentials from this address");
        assertThat(mcp.status())
                .as("a token that verifies is served although the peer's failure bucket is empty")
                .isEqualTo(200);
    }

    @Test
    void validBoardNoncesSpendNoneOfThePeersRefusals() throws IOException {
        startWithABoard();
        List<Integer> valid = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            valid.add(board("valid-nonce"));
        }
        List<Integer> guesses = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            guesses.add(board("guess-" + i));
        }

        int validAfter = board("valid-nonce");

        assertThat(valid).containsOnly(200);
        assertThat(guesses).containsExactly(401, 401, 401, 429);
        assertThat(validAfter)
                .as("a valid nonce once the peer's failures are spent")
                .isEqualTo(200);
    }
}
