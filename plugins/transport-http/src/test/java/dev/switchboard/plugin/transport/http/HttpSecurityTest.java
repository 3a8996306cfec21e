package dev.switchboard.plugin.transport.http;

import static dev.switchboard.plugin.transport.http.Callers.ALICE_TOKEN;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.switchboard.ports.tool.ToolResult;
import dev.switchboard.ports.transport.TransportException;
import dev.switchboard.testkit.transport.FakeTransportContext;

/** Host and Origin allowlists, bearer tokens, and the refusal to expose an unauthenticated server. */
class HttpSecurityTest {

    private final FakeTransportContext context = Callers.fake();
    private TestServer server;
    private String session;

    @BeforeEach
    void start() throws Exception {
        server = TestServer.start(context.with(List.of("echo"), call -> ToolResult.text("echo")));
        session = server.initialize(ALICE_TOKEN);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "Host   | evil.example:PORT",
                "Origin | https://evil.example",
                "Origin | http://user@localhost",
                "Host   | user@localhost:PORT",
                "Origin | null",
                "Origin | http://localhost.evil.example",
                "Host   | 127.0.0.1.evil.example:PORT",
                "Origin | file://localhost"
            })
    void refusesDnsRebindingBeforeAnythingReachesTheTools(String header, String value) throws Exception {
        RawHttp.Response response = server.post(ALICE_TOKEN, session, TestServer.call(5, "echo"))
                .header(header, value.replace("PORT", Integer.toString(server.port)))
                .send(server.port);

        assertThat(response.status()).isEqualTo(403);
        assertThat(response.error()).containsEntry("code", -32000);
        assertThat(response.header("Access-Control-Allow-Origin")).isNull();
        assertThat(context.invocations()).isEqualTo(0);
    }

    @Test
    void acceptsLoopbackNamesOnAnyPortAndEchoesAnAllowedOriginNeverAStar() throws Exception {
        RawHttp.Response response = server.post(ALICE_TOKEN, session, TestServer.call(6, "echo"))
                .header("Host", "localhost:1234")
                .header("Origin", "http://localhost:5173")
                .send(server.port);

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.header("Access-Control-Allow-Origin")).isEqualTo("http://localhost:5173");
        assertThat(context.invocations()).isEqualTo(1);
    }

    @Test
    void answersCorsPreflightsOnlyForAllowedOrigins() throws Exception {
        RawHttp.Response allowed = RawHttp.request("OPTIONS", "/mcp")
                .header("Origin", "http://localhost:5173")
                .header("Access-Control-Request-Method", "POST")
                .send(server.port);
        RawHttp.Response foreign = RawHttp.request("OPTIONS", "/mcp")
                .header("Origin", "https://evil.example")
                .header("Access-Control-Request-Method", "POST")
                .send(server.port);

        assertThat(allowed.status()).isEqualTo(204);
        assertThat(allowed.header("Access-Control-Allow-Origin")).isEqualTo("http://localhost:5173");
        assertThat(allowed.header("Access-Control-Allow-Headers"))
                .contains("Mcp-Session-Id", "Authorization", "MCP-Protocol-Version", "Mcp-Method", "Mcp-Name");
        assertThat(foreign.status()).isEqualTo(403);
        assertThat(foreign.header("Access-Control-Allow-Origin")).isNull();
    }

    @Test
    void refusesATokenInTheQueryString() throws Exception {
        RawHttp request = RawHttp.request("POST", "/mcp?access_token=" + ALICE_TOKEN)
                .header("Accept", "application/json, text/event-stream")
                .header("Content-Type", "application/json")
                .body(TestServer.initializeRequest(1));

        RawHttp.Response response = request.send(server.port);

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.header("WWW-Authenticate")).startsWith("Bearer").contains("invalid_request");
        assertThat(response.header("Mcp-Session-Id")).isNull();
    }

    @Test
    void refusesAnyTokenNamedQueryParameterEvenWithAValidHeader() throws Exception {
        RawHttp.Response response = RawHttp.request("POST", "/mcp?token=x")
                .header("Authorization", "Bearer " + ALICE_TOKEN)
                .header("Mcp-Session-Id", session)
                .header("Accept", "application/json, text/event-stream")
                .header("Content-Type", "application/json")
                .body(TestServer.call(2, "echo"))
                .send(server.port);

        assertThat(response.status()).isEqualTo(400);
        assertThat(context.invocations()).isEqualTo(0);
    }

    @Test
    void answersAMissingTokenWith401AndABearerChallenge() throws Exception {
        RawHttp.Response response =
                server.post(null, null, TestServer.initializeRequest(1)).send(server.port);

        assertThat(response.status()).isEqualTo(401);
        assertThat(response.header("WWW-Authenticate")).startsWith("Bearer");
    }

    @Test
    void refusesAWellFormedTokenItDoesNotKnow() throws Exception {
        RawHttp.Response response = server.post(
                        "other-server-4c1d9e2b7a0f3e58d6c1", session, TestServer.call(3, "echo"))
                .send(server.port);

        assertThat(response.status()).isEqualTo(401);
        assertThat(response.header("WWW-Authenticate")).startsWith("Bearer").contains("invalid_token");
        assertThat(context.invocations()).isEqualTo(0);
    }

    @Test
    @DisplayName("3C.135 (Switchboard's form, docs/mailbox-guide.md): /healthz needs no token but checks the Host")
    void healthNeedsNoTokenButStillChecksTheHost() throws Exception {
        RawHttp.Response live = RawHttp.request("GET", "/healthz").send(server.port);
        RawHttp.Response ready = RawHttp.request("GET", "/readyz").send(server.port);
        RawHttp.Response foreign = RawHttp.request("GET", "/healthz")
                .header("Host", "evil.example")
                .send(server.port);

        assertThat(live.status()).isEqualTo(200);
        assertThat(live.text()).isEqualTo("live\n");
        assertThat(ready.status()).isEqualTo(200);
        assertThat(ready.text()).isEqualTo("{\"ready\":true}");
        assertThat(foreign.status()).isEqualTo(403);
    }

    @Test
    void servesEveryCallerAsTheLocalOwnerWhenAuthenticationIsOff() throws Exception {
        FakeTransportContext open = Callers.unauthenticated();
        List<String> callers = new java.util.concurrent.CopyOnWriteArrayList<>();
        try (TestServer unauthenticated = TestServer.start(open.with(List.of("whoami"), call -> {
            callers.add(call.principal().id());
            return ToolResult.text(call.principal().id());
        }))) {
            String id = unauthenticated.initialize(null);
            RawHttp.Response response =
                    unauthenticated.post(null, id, TestServer.call(2, "whoami")).send(unauthenticated.port);

            assertThat(response.status()).isEqualTo(200);
            assertThat(callers).containsExactly("local-owner");
        }
    }

    @Test
    void refusesToListenOnANonLoopbackAddressWithoutAuthentication() {
        HttpTransport transport = new HttpTransport(new dev.switchboard.ports.plugin.PluginContext(
                "transport-http", Map.of("host", "0.0.0.0", "port", 0), java.nio.file.Path.of("target")));

        assertThatThrownBy(() -> transport.start(Callers.unauthenticated().with(List.of(), call -> null)))
                .isInstanceOf(TransportException.class)
                .hasMessageContaining("0.0.0.0")
                .hasMessageContaining("authentication is off");
        assertThat(transport.port()).isEqualTo(-1);
    }

    @Test
    void refusesAnEmptyHostAllowlistAtStart() {
        HttpTransport transport = new HttpTransport(new dev.switchboard.ports.plugin.PluginContext(
                "transport-http", Map.of("port", 0, "allowed-hosts", List.of()), java.nio.file.Path.of("target")));

        assertThatThrownBy(() -> transport.start(Callers.fake().with(List.of(), call -> null)))
                .isInstanceOf(TransportException.class)
                .hasMessageContaining("allowed-hosts");
    }
}
