package dev.switchboard.plugin.transport.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import dev.switchboard.ports.http.EndpointRequest;
import dev.switchboard.ports.http.EndpointResponse;
import dev.switchboard.ports.http.HttpEndpoint;
import dev.switchboard.ports.http.HttpEndpointCatalog;
import dev.switchboard.ports.http.HttpRoute;
import dev.switchboard.ports.http.SecurityHeaders;
import dev.switchboard.ports.tool.ToolResult;

class HttpEndpointsTest {

    private final AtomicReference<EndpointRequest> seen = new AtomicReference<>();
    private final CountDownLatch pollGone = new CountDownLatch(1);
    private TestServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void anOwnerRouteNeedsTheOwnersTokenAndGetsTheRequestAsSent() throws IOException {
        start(endpoint(HttpRoute.of("POST", "/things/{id}", HttpRoute.Access.OWNER), request -> {
            seen.set(request);
            return EndpointResponse.json(201, "{\"ok\":true}");
        }));

        RawHttp.Response anonymous = RawHttp.request("POST", "/things/a%20b").send(server.port);
        RawHttp.Response admin = RawHttp.request("POST", "/things/a%20b")
                .header("Authorization", "Bearer " + Callers.BOB_TOKEN)
                .send(server.port);
        RawHttp.Response owner = RawHttp.request("POST", "/things/a%20b?x=1&x=2")
                .header("Authorization", "Bearer " + Callers.ALICE_TOKEN)
                .header("Cookie", "s=abc; theme=\"dark\"")
                .header("X-Trace", "t1")
                .body("hello")
                .send(server.port);

        assertThat(anonymous.status()).isEqualTo(401);
        assertThat(anonymous.header("WWW-Authenticate")).startsWith("Bearer");
        assertThat(admin.status()).isEqualTo(403);
        assertThat(admin.header("Content-Type")).startsWith("application/json");
        assertThat(admin.error())
                .containsEntry("message", "Forbidden: this route is for the server's owner only (the owner token)")
                .containsEntry("data", Map.of("code", "FORBIDDEN"));
        assertThat(owner.status()).isEqualTo(201);
        assertThat(owner.text()).isEqualTo("{\"ok\":true}");
        EndpointRequest request = seen.get();
        assertThat(request.pathParameters()).isEqualTo(Map.of("id", "a b"));
        assertThat(request.query()).containsEntry("x", List.of("1", "2"));
        assertThat(request.cookies()).isEqualTo(Map.of("s", "abc", "theme", "dark"));
        assertThat(request.headers().firstValue("x-trace")).contains("t1");
        assertThat(new String(request.body(), StandardCharsets.UTF_8)).isEqualTo("hello");
        assertThat(request.principal()).contains(Callers.ALICE);
    }

    @Test
    void aForeignHostIsRefusedOnEveryEndpointButAHealthProbe() throws IOException {
        start(
                endpoint(HttpRoute.of("GET", "/open", HttpRoute.Access.NONE), r -> EndpointResponse.text(200, "o")),
                endpoint(HttpRoute.healthProbe("/probe"), r -> EndpointResponse.text(200, "up")));

        assertThat(RawHttp.request("GET", "/open")
                        .header("Host", "evil.example.com")
                        .send(server.port)
                        .status())
                .isEqualTo(403);
        assertThat(RawHttp.request("GET", "/open")
                        .header("Origin", "https://evil.example.com")
                        .send(server.port)
                        .status())
                .isEqualTo(403);
        assertThat(RawHttp.request("GET", "/nowhere")
                        .header("Host", "evil.example.com")
                        .send(server.port)
                        .status())
                .isEqualTo(403);
        assertThat(RawHttp.request("GET", "/probe")
                        .header("Host", "10.0.0.7:8765")
                        .send(server.port)
                        .text())
                .isEqualTo("up");
        assertThat(RawHttp.request("GET", "/open").send(server.port).text()).isEqualTo("o");
    }

    @Test
    void htmlGetsTheSecurityHeadersAndTheStrictPolicyUnlessItSetsItsOwn() throws IOException {
        start(endpoint(
                HttpRoute.of("GET", "/page", HttpRoute.Access.NONE),
                r -> EndpointResponse.html(200, "<p>hi</p>").withHeader("Cache-Control", "max-age=5")));

        RawHttp.Response page = RawHttp.request("GET", "/page").send(server.port);

        assertThat(page.header("Content-Security-Policy"))
                .startsWith("default-src 'none'")
                .contains("frame-ancestors 'none'");
        assertThat(page.header("X-Content-Type-Options")).isEqualTo("nosniff");
        assertThat(page.header("X-Frame-Options")).isEqualTo("DENY");
        assertThat(page.header("Referrer-Policy")).isEqualTo("no-referrer");
        assertThat(page.header("Cache-Control")).isEqualTo("max-age=5");
    }

    @Test
    void anUnknownPathIs404AKnownPathWithAnotherMethodIs405WithAllowBothWithTheSecurityHeaders() throws IOException {
        start(endpoint(HttpRoute.of("GET", "/status", HttpRoute.Access.NONE), r -> EndpointResponse.text(200, "")));

        RawHttp.Response unknown = RawHttp.request("GET", "/nowhere").send(server.port);
        assertThat(unknown.status()).isEqualTo(404);
        RawHttp.Response wrongMethod = RawHttp.request("DELETE", "/status").send(server.port);
        assertThat(wrongMethod.status()).isEqualTo(405);
        assertThat(wrongMethod.header("Allow")).isEqualTo("GET");
        for (RawHttp.Response refused : List.of(unknown, wrongMethod)) {
            assertThat(refused.header("X-Content-Type-Options")).isEqualTo("nosniff");
            assertThat(refused.header("X-Frame-Options")).isEqualTo("DENY");
            assertThat(refused.header("Cache-Control")).isEqualTo("no-store");
            assertThat(refused.header("Referrer-Policy")).isEqualTo("no-referrer");
            assertThat(refused.header("Content-Security-Policy"))
                    .isEqualTo(SecurityHeaders.HTML_CONTENT_SECURITY_POLICY);
        }
    }

    @Test
    @DisplayName("3C.137 a non-ASCII bearer is 401 on /mcp and on every kind of endpoint route, never 500")
    void aNonAsciiBearerIs401OnEveryRoute() throws IOException {
        start(
                endpoint(HttpRoute.of("GET", "/board", HttpRoute.Access.HANDLER), r -> EndpointResponse.text(200, "b")),
                endpoint(
                        HttpRoute.of("GET", "/status", HttpRoute.Access.AUTHENTICATED),
                        r -> EndpointResponse.text(200, "s")),
                endpoint(HttpRoute.of("GET", "/index", HttpRoute.Access.OWNER), r -> EndpointResponse.text(200, "i")));
        String nonAscii = "Bearer cct_\u00e9\u00ff";

        for (String path : List.of("/board", "/status", "/index")) {
            assertThat(RawHttp.request("GET", path)
                            .header("Authorization", nonAscii)
                            .send(server.port)
                            .status())
                    .as(path)
                    .isEqualTo(401);
        }
        RawHttp.Response mcp = RawHttp.request("POST", "/mcp")
                .header("Authorization", nonAscii)
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .body(TestServer.initializeRequest(1))
                .send(server.port);
        assertThat(mcp.status()).isEqualTo(401);
        assertThat(mcp.header("WWW-Authenticate")).contains("invalid_token");
    }

    @Test
    @DisplayName("3C.129 a view key on /mcp is 403; on an endpoint route it is the handler's principal")
    void aViewKeyIsRefusedOnMcpOnly() throws IOException {
        start(endpoint(
                HttpRoute.of("GET", "/board", HttpRoute.Access.HANDLER),
                r -> EndpointResponse.text(
                        200, r.principal().map(p -> p.kind().name()).orElse("nobody"))));

        RawHttp.Response mcp = RawHttp.request("POST", "/mcp")
                .header("Authorization", "Bearer " + Callers.VIEWER_TOKEN)
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .body(TestServer.initializeRequest(1))
                .send(server.port);
        RawHttp.Response board = RawHttp.request("GET", "/board")
                .header("Authorization", "Bearer " + Callers.VIEWER_TOKEN)
                .send(server.port);

        assertThat(mcp.status()).isEqualTo(403);
        assertThat(mcp.error().get("message").toString()).contains("view key");
        assertThat(board.status()).isEqualTo(200);
        assertThat(board.text()).isEqualTo("VIEWER");
    }

    @Test
    void aHandlerRouteGetsNoPrincipalWithoutATokenAnd401ForABadOne() throws IOException {
        start(endpoint(
                HttpRoute.of("GET", "/board", HttpRoute.Access.HANDLER),
                r -> EndpointResponse.text(200, r.principal().map(p -> p.id()).orElse("nobody"))));

        assertThat(RawHttp.request("GET", "/board").send(server.port).text()).isEqualTo("nobody");
        assertThat(RawHttp.request("GET", "/board")
                        .header("Authorization", "Bearer " + Callers.BOB_TOKEN)
                        .send(server.port)
                        .text())
                .isEqualTo("bob");
        assertThat(RawHttp.request("GET", "/board")
                        .header("Authorization", "Bearer wrong")
                        .send(server.port)
                        .status())
                .isEqualTo(401);
    }

    @Test
    void aThrowingEndpointIs500WithACorrelationIdAndNoStackTrace() throws IOException {
        start(endpoint(HttpRoute.of("GET", "/boom", HttpRoute.Access.NONE), r -> {
            throw new IllegalStateException("secret detail");
        }));

        RawHttp.Response response = RawHttp.request("GET", "/boom").send(server.port);

        assertThat(response.status()).isEqualTo(500);
        assertThat(response.text())
                .contains("correlation id")
                .doesNotContain("secret detail")
                .doesNotContain("at dev.switchboard");
    }

    @Test
    void tooManyRequestsCarriesRetryAfter() throws IOException {
        start(endpoint(
                HttpRoute.of("GET", "/status", HttpRoute.Access.NONE),
                r -> EndpointResponse.tooManyRequests(Duration.ofSeconds(5), "too many held polls")));

        RawHttp.Response response = RawHttp.request("GET", "/status").send(server.port);

        assertThat(response.status()).isEqualTo(429);
        assertThat(response.header("Retry-After")).isEqualTo("5");
    }

    @Test
    void aHeldPollLearnsAtOnceWhenItsClientGoesAway() throws Exception {
        start(endpoint(
                HttpRoute.of("GET", "/status", HttpRoute.Access.NONE),
                r -> new EndpointResponse.Streamed(
                        200,
                        Map.of("Content-Type", List.of("application/json")),
                        new EndpointResponse.KeepAlive(" ".getBytes(StandardCharsets.US_ASCII), Duration.ofMillis(100)),
                        stream -> {
                            CountDownLatch gone = new CountDownLatch(1);
                            stream.clientGone().onCancel(gone::countDown);
                            try {
                                if (gone.await(50, TimeUnit.SECONDS)) {
                                    pollGone.countDown();
                                }
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            }
                        })));

        Socket socket = RawHttp.request("GET", "/status").open(server.port);
        byte[] head = socket.getInputStream().readNBytes(12);
        socket.close();

        assertThat(new String(head, StandardCharsets.US_ASCII)).isEqualTo("HTTP/1.1 200");
        assertThat(pollGone.await(5, TimeUnit.SECONDS))
                .as("the held request noticed its client left")
                .isTrue();
    }

    @Test
    void aStreamedLongPollAnswersJsonAfterKeepAliveWhitespace() throws IOException {
        start(endpoint(
                HttpRoute.of("GET", "/status", HttpRoute.Access.NONE),
                r -> new EndpointResponse.Streamed(
                        200,
                        Map.of("Content-Type", List.of("application/json")),
                        new EndpointResponse.KeepAlive(" ".getBytes(StandardCharsets.US_ASCII), Duration.ofMillis(100)),
                        stream -> {
                            sleep(350);
                            stream.write("{\"changed\":true}".getBytes(StandardCharsets.UTF_8));
                        })));

        RawHttp.Response response = RawHttp.request("GET", "/status").send(server.port);

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.text()).startsWith(" ").endsWith("{\"changed\":true}");
        assertThat(response.json()).containsEntry("changed", true);
    }

    private void start(HttpEndpoint... endpoints) {
        server = TestServer.start(Callers.fake(catalog(endpoints)).with(List.of("echo"), call -> ToolResult.text("x")));
    }

    static HttpEndpointCatalog catalog(HttpEndpoint... endpoints) {
        return new HttpEndpointCatalog() {
            @Override
            public Optional<Match> find(String method, String path) {
                for (HttpEndpoint endpoint : endpoints) {
                    if (endpoint.route().method().equals(method)) {
                        var parameters = endpoint.route().match(path);
                        if (parameters.isPresent()) {
                            return Optional.of(new Match("test", endpoint, parameters.get()));
                        }
                    }
                }
                return Optional.empty();
            }

            @Override
            public Set<String> methods(String path) {
                Set<String> methods = new TreeSet<>();
                for (HttpEndpoint endpoint : endpoints) {
                    if (endpoint.route().match(path).isPresent()) {
                        methods.add(endpoint.route().method());
                    }
                }
                return methods;
            }
        };
    }

    static HttpEndpoint endpoint(
            HttpRoute route, java.util.function.Function<EndpointRequest, EndpointResponse> handler) {
        return new HttpEndpoint() {
            @Override
            public HttpRoute route() {
                return route;
            }

            @Override
            public EndpointResponse handle(EndpointRequest request) {
                return handler.apply(request);
            }
        };
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
