package dev.switchboard.plugin.transport.http;

import static dev.switchboard.plugin.transport.http.Callers.ALICE;
import static dev.switchboard.plugin.transport.http.Callers.ALICE_TOKEN;
import static dev.switchboard.plugin.transport.http.Callers.BOB_TOKEN;
import static dev.switchboard.plugin.transport.http.Callers.VIEWER_TOKEN;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.modelcontextprotocol.modern.McpSchema;
import io.modelcontextprotocol.modern.client.McpClient;
import io.modelcontextprotocol.modern.client.McpSyncClient;
import io.modelcontextprotocol.modern.client.transport.HttpClientMcpTransport;
import io.modelcontextprotocol.modern.client.transport.McpHttpRequestCustomizer;

import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.tool.ToolResult;
import dev.switchboard.testkit.transport.FakeTransportContext;

/**
 * The modern era (MCP 2026-07-28) on the real HTTP transport, beside the legacy one on the same {@code /mcp}: requests
 * are served without a session, the caller comes from each request's bearer token, the era's header rules hold, and
 * a legacy session keeps working on the same server (ADR 42).
 */
class HttpModernEraTest {

    private static final String MODERN = "2026-07-28";

    private static final List<Principal> callers = new CopyOnWriteArrayList<>();
    private static FakeTransportContext context;
    private static TestServer server;

    @BeforeAll
    static void start() {
        context = Callers.builderListing(
                        (tool, caller) -> !tool.equals("owner_only") || caller.kind() == Principal.Kind.OWNER)
                .prompts(new GreetingPrompt())
                .build();
        server = TestServer.start(
                context.with(List.of("echo", "owner_only", "zeta"), call -> {
                    callers.add(call.principal());
                    return ToolResult.text("echo " + call.toolName());
                }),
                TestServer.ANSWERS_AT_ONCE);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void toolsListInTheModernEraNeedsNoSessionAndIsTheCallersOwnPrivateList() throws IOException {
        RawHttp.Response owner =
                TestServer.modern(ALICE_TOKEN, 1, "tools/list", "{}", null).send(server.port);
        RawHttp.Response admin =
                TestServer.modern(BOB_TOKEN, 2, "tools/list", "{}", null).send(server.port);

        assertThat(owner.status()).isEqualTo(200);
        assertThat(owner.header("Mcp-Session-Id")).isNull();
        Map<String, Object> result = result(owner);
        assertThat(names(result)).containsExactly("echo", "owner_only", "zeta");
        assertThat(result).containsEntry("cacheScope", "private").containsEntry("resultType", "complete");
        assertThat(names(result(admin))).containsExactly("echo", "zeta");
    }

    @Test
    void toolsCallInTheModernEraRunsAsTheTokensCallerWithoutASession() throws IOException {
        RawHttp.Response response = TestServer.modern(
                        ALICE_TOKEN, 3, "tools/call", "{\"name\":\"echo\",\"arguments\":{}}", "echo")
                .header("Mcp-Session-Id", "not-a-session")
                .send(server.port);

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.header("Mcp-Session-Id")).isNull();
        Map<String, Object> result = result(response);
        assertThat(result).containsEntry("isError", false);
        assertThat(String.valueOf(result.get("content"))).contains("echo echo");
        assertThat(callers).contains(ALICE);
    }

    @Test
    void aCallOfAnUnknownToolIsInvalidParams() throws IOException {
        RawHttp.Response response = TestServer.modern(
                        ALICE_TOKEN, 4, "tools/call", "{\"name\":\"nope\",\"arguments\":{}}", "nope")
                .send(server.port);

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.error()).containsEntry("code", -32602);
        assertThat(response.json()).containsEntry("id", 4);
    }

    @Test
    void serverDiscoverNamesBothErasTheServerAndItsInstructions() throws IOException {
        RawHttp.Response response =
                TestServer.modern(ALICE_TOKEN, 5, "server/discover", "{}", null).send(server.port);

        assertThat(response.status()).isEqualTo(200);
        Map<String, Object> result = result(response);
        assertThat(result.get("supportedVersions"))
                .asList()
                .containsExactly(MODERN, "2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05");
        assertThat(result).containsEntry("instructions", "Test instructions.");
        @SuppressWarnings("unchecked")
        Map<String, Object> meta = (Map<String, Object>) result.get("_meta");
        assertThat(meta.get("io.modelcontextprotocol/serverInfo"))
                .asInstanceOf(InstanceOfAssertFactories.MAP)
                .containsEntry("name", "switchboard")
                .containsEntry("version", "0.0.0-test");
        assertThat(result.get("capabilities"))
                .asInstanceOf(InstanceOfAssertFactories.MAP)
                .containsKey("tools");
    }

    @Test
    void anUnsupportedVersionIsRefusedWithTheSupportedOnes() throws IOException {
        RawHttp.Response response = RawHttp.request("POST", "/mcp")
                .header("Accept", "application/json, text/event-stream")
                .header("Content-Type", "application/json")
                .header("Authorization", "Bearer " + ALICE_TOKEN)
                .header("MCP-Protocol-Version", "2099-01-01")
                .header("Mcp-Method", "tools/list")
                .body(TestServer.modernRequest(6, "tools/list", "{}", "2099-01-01"))
                .send(server.port);

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.error()).containsEntry("code", -32022);
        @SuppressWarnings("unchecked")
        Map<String, Object> data = (Map<String, Object>) response.error().get("data");
        assertThat(data.get("supported")).asList().contains(MODERN, "2025-11-25");
        assertThat(data).containsEntry("requested", "2099-01-01");
    }

    @Test
    void headersThatDisagreeWithTheBodyAreRefusedBeforeAnyCall() throws IOException {
        int calls = context.invocations();
        RawHttp.Response method = TestServer.modern(ALICE_TOKEN, 7, "tools/list", "{}", null)
                .header("Mcp-Method", "prompts/list")
                .send(server.port);
        RawHttp.Response name = TestServer.modern(ALICE_TOKEN, 8, "tools/call", "{\"name\":\"echo\"}", "zeta")
                .send(server.port);
        RawHttp.Response version = TestServer.modern(ALICE_TOKEN, 9, "tools/list", "{}", null)
                .header("MCP-Protocol-Version", "2025-11-25")
                .send(server.port);

        for (RawHttp.Response response : List.of(method, name, version)) {
            assertThat(response.status()).isEqualTo(400);
            assertThat(response.error()).containsEntry("code", -32020);
        }
        assertThat(context.invocations()).isEqualTo(calls);
    }

    @Test
    void aMissingMcpMethodHeaderIsRefused() throws IOException {
        RawHttp.Response response = RawHttp.request("POST", "/mcp")
                .header("Accept", "application/json, text/event-stream")
                .header("Content-Type", "application/json")
                .header("Authorization", "Bearer " + ALICE_TOKEN)
                .header("MCP-Protocol-Version", MODERN)
                .body(TestServer.modernRequest(10, "tools/list", "{}", MODERN))
                .send(server.port);

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.error()).containsEntry("code", -32020);
        assertThat(String.valueOf(response.error().get("message"))).contains("Mcp-Method");
    }

    @Test
    void aNonAsciiNameTravelsInTheBase64Sentinel() throws IOException {
        String encoded = "=?base64?"
                + java.util.Base64.getEncoder().encodeToString("écho".getBytes(java.nio.charset.StandardCharsets.UTF_8))
                + "?=";
        RawHttp.Response response = TestServer.modern(ALICE_TOKEN, 11, "tools/call", "{\"name\":\"écho\"}", null)
                .header("Mcp-Name", encoded)
                .send(server.port);

        // the headers agree, so the request reaches the invoker, which knows no such tool
        assertThat(response.error()).containsEntry("code", -32602);
    }

    @Test
    void methodsTheModernEraRemovedAre404MethodNotFound() throws IOException {
        RawHttp.Response initialize =
                TestServer.modern(ALICE_TOKEN, 50, "initialize", "{}", null).send(server.port);
        RawHttp.Response subscribe = TestServer.modern(
                        ALICE_TOKEN, 51, "resources/subscribe", "{\"uri\":\"test://static-text\"}", null)
                .send(server.port);
        RawHttp.Response ping =
                TestServer.modern(ALICE_TOKEN, 52, "ping", "{}", null).send(server.port);

        for (RawHttp.Response response : List.of(initialize, subscribe, ping)) {
            assertThat(response.status()).isEqualTo(404);
            assertThat(response.error()).containsEntry("code", -32601);
            assertThat(response.header("Mcp-Session-Id")).isNull();
        }
    }

    @Test
    void getAndDeleteOfTheModernEraAre405() throws IOException {
        for (String verb : List.of("GET", "DELETE")) {
            RawHttp.Response response = RawHttp.request(verb, "/mcp")
                    .header("Accept", "text/event-stream")
                    .header("Authorization", "Bearer " + ALICE_TOKEN)
                    .header("MCP-Protocol-Version", MODERN)
                    .send(server.port);

            assertThat(response.status()).as(verb).isEqualTo(405);
            assertThat(response.header("Allow")).isEqualTo("POST");
        }
    }

    @Test
    void theModernEraKeepsTheGate() throws IOException {
        RawHttp.Response anonymous =
                TestServer.modern(null, 12, "tools/list", "{}", null).send(server.port);
        RawHttp.Response viewer =
                TestServer.modern(VIEWER_TOKEN, 13, "tools/list", "{}", null).send(server.port);
        RawHttp.Response foreignOrigin = TestServer.modern(ALICE_TOKEN, 14, "tools/list", "{}", null)
                .header("Origin", "https://evil.example")
                .send(server.port);

        assertThat(anonymous.status()).isEqualTo(401);
        assertThat(viewer.status()).isEqualTo(403);
        assertThat(foreignOrigin.status()).isEqualTo(403);
    }

    @Test
    void aLegacySessionOnTheSameEndpointStillWorks() throws IOException {
        String session = server.initialize(ALICE_TOKEN);

        RawHttp.Response list = server.post(ALICE_TOKEN, session, TestServer.request(20, "tools/list", "{}"))
                .send(server.port);
        RawHttp.Response call =
                server.post(ALICE_TOKEN, session, TestServer.call(21, "echo")).send(server.port);

        assertThat(session).isNotBlank();
        assertThat(list.status()).isEqualTo(200);
        assertThat(String.valueOf(list.messages().getFirst().get("result"))).contains("owner_only");
        assertThat(call.status()).isEqualTo(200);
        assertThat(String.valueOf(call.messages().getFirst().get("result"))).contains("echo echo");
        assertThat(list.messages().getFirst().get("result").toString()).doesNotContain("cacheScope");
    }

    @Test
    void resourcesAreReadAsEachRequestsCallerWithoutASession() throws IOException {
        String read = "{\"uri\":\"test://static-text\"}";
        RawHttp.Response alice = TestServer.modern(ALICE_TOKEN, 30, "resources/read", read, "test://static-text")
                .send(server.port);
        RawHttp.Response bob = TestServer.modern(BOB_TOKEN, 31, "resources/read", read, "test://static-text")
                .send(server.port);
        RawHttp.Response list =
                TestServer.modern(BOB_TOKEN, 32, "resources/list", "{}", null).send(server.port);

        assertThat(String.valueOf(result(alice).get("contents"))).contains("text=alice");
        assertThat(String.valueOf(result(bob).get("contents"))).contains("text=bob");
        assertThat(String.valueOf(result(list).get("resources"))).contains("test://static-text");
        assertThat(result(list)).containsEntry("cacheScope", "private");
    }

    @Test
    void aMissingResourceIsInvalidParams() throws IOException {
        RawHttp.Response response = TestServer.modern(
                        ALICE_TOKEN, 33, "resources/read", "{\"uri\":\"test://nothing\"}", "test://nothing")
                .send(server.port);

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.error()).containsEntry("code", -32602);
    }

    @Test
    void promptsAreListedAndRenderedPerRequestCaller() throws IOException {
        RawHttp.Response ownerList =
                TestServer.modern(ALICE_TOKEN, 40, "prompts/list", "{}", null).send(server.port);
        RawHttp.Response adminList =
                TestServer.modern(BOB_TOKEN, 41, "prompts/list", "{}", null).send(server.port);
        RawHttp.Response rendered = TestServer.modern(
                        ALICE_TOKEN, 42, "prompts/get", "{\"name\":\"greet\",\"arguments\":{\"who\":\"bob\"}}", "greet")
                .send(server.port);
        RawHttp.Response missing = TestServer.modern(
                        ALICE_TOKEN, 43, "prompts/get", "{\"name\":\"greet\",\"arguments\":{}}", "greet")
                .send(server.port);
        RawHttp.Response notServed = TestServer.modern(
                        BOB_TOKEN, 44, "prompts/get", "{\"name\":\"greet\",\"arguments\":{\"who\":\"x\"}}", "greet")
                .send(server.port);

        assertThat(String.valueOf(result(ownerList).get("prompts"))).contains("greet");
        assertThat(result(ownerList)).containsEntry("cacheScope", "private");
        assertThat(result(adminList).get("prompts")).asList().isEmpty();
        assertThat(String.valueOf(result(rendered).get("messages"))).contains("hello bob, from alice");
        assertThat(missing.error()).containsEntry("code", -32602);
        assertThat(notServed.error()).containsEntry("code", -32602);
    }

    @Test
    void theJavaSdksModernClientDiscoversListsAndCalls() {
        HttpClientMcpTransport transport = HttpClientMcpTransport.builder(server.url() + "/mcp")
                .requestCustomizer(McpHttpRequestCustomizer.fromSync(
                        (request, headers, context) -> headers.set("Authorization", "Bearer " + BOB_TOKEN)))
                .build();
        McpSyncClient client = McpClient.sync(transport).build();

        McpSchema.DiscoverResult discovered = client.discover();
        McpSchema.ListToolsResult tools = client.listTools().skipCache().list();
        McpSchema.CallToolResult called =
                client.tool("zeta").arguments(Map.of()).call();

        assertThat(discovered.supportedVersions()).contains(MODERN, "2025-11-25");
        assertThat(tools.tools()).extracting(McpSchema.Tool::name).containsExactly("echo", "zeta");
        assertThat(tools.cacheScope()).isEqualTo(McpSchema.CacheScope.PRIVATE);
        assertThat(called.isError()).isFalse();
        assertThat(called.content().getFirst()).isInstanceOf(McpSchema.TextContent.class);
        assertThat(((McpSchema.TextContent) called.content().getFirst()).text()).isEqualTo("echo zeta");
        assertThat(callers).contains(Callers.BOB);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> result(RawHttp.Response response) throws IOException {
        Map<String, Object> json = response.json();
        assertThat(json).as(response.text()).containsKey("result");
        return (Map<String, Object>) json.get("result");
    }

    @SuppressWarnings("unchecked")
    private static List<String> names(Map<String, Object> result) {
        return ((List<Map<String, Object>>) result.get("tools"))
                .stream().map(tool -> (String) tool.get("name")).toList();
    }
}
