package dev.switchboard.plugin.transport.http;

import static dev.switchboard.plugin.transport.http.Callers.ALICE_TOKEN;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;

import dev.switchboard.bridge.mcp.McpServerAssembly;
import dev.switchboard.ports.call.ClientRequests;
import dev.switchboard.ports.call.LogLevel;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolResult;
import dev.switchboard.testkit.transport.FakeResources;
import dev.switchboard.testkit.transport.FakeTransportContext;

/** MCP over the transport as real clients speak it: the Java SDK client, and raw streams where order matters. */
class HttpProtocolTest {

    private final FakeResources resources = Callers.staticText();
    private final FakeTransportContext context = Callers.fake(resources, true);
    private TestServer server;

    @BeforeEach
    void start() {
        server = TestServer.start(context.with(List.of("whoami", "chatty", "ask_model"), this::invoke));
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private ToolResult invoke(ToolCall call) {
        return switch (call.toolName()) {
            case "chatty" -> {
                call.log().log(LogLevel.INFO, "chatty", "starting");
                call.progress().report(50, 100.0, "half way");
                yield ToolResult.text("chatty done");
            }
            case "ask_model" -> {
                Map<String, Object> answer = call.client()
                        .send(
                                ClientRequests.Capability.SAMPLING,
                                Map.of(
                                        "messages",
                                        List.of(Map.of(
                                                "role", "user", "content", Map.of("type", "text", "text", "hi"))),
                                        "maxTokens",
                                        10),
                                Duration.ofSeconds(10));
                yield ToolResult.text("model said " + ((Map<?, ?>) answer.get("content")).get("text"));
            }
            default -> ToolResult.text(call.principal().id());
        };
    }

    @Test
    void initializesListsAndCallsWithTheJavaSdkClient() {
        try (McpSyncClient client = client(ALICE_TOKEN).build()) {
            McpSchema.InitializeResult init = client.initialize();
            assertThat(init.protocolVersion()).isEqualTo("2025-11-25");
            assertThat(init.serverInfo().name()).isEqualTo("switchboard");

            assertThat(client.listTools().tools())
                    .extracting(McpSchema.Tool::name)
                    .containsExactly("whoami", "chatty", "ask_model");
            assertThat(text(client.callTool(call("whoami")))).isEqualTo("alice");
            McpSchema.ReadResourceResult read = client.readResource(
                    McpSchema.ReadResourceRequest.builder("test://static-text").build());
            assertThat(read.contents())
                    .singleElement()
                    .extracting(c -> ((McpSchema.TextResourceContents) c).text())
                    .isEqualTo("alice");
        }
    }

    @Test
    void passesEachCallersOwnPrincipalToTheTools() {
        try (McpSyncClient alice = client(ALICE_TOKEN).build();
                McpSyncClient bob = client(Callers.BOB_TOKEN).build()) {
            alice.initialize();
            bob.initialize();

            assertThat(text(bob.callTool(call("whoami")))).isEqualTo("bob");
            assertThat(text(alice.callTool(call("whoami")))).isEqualTo("alice");
        }
    }

    @Test
    void sendsLogAndProgressOnTheCallsOwnStreamBeforeTheResult() throws Exception {
        String session = server.initialize(ALICE_TOKEN);

        RawHttp.Response response = server.post(ALICE_TOKEN, session, """
                {"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"chatty","arguments":{},\
                "_meta":{"progressToken":"p-1"}}}""").send(server.port);

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.header("Content-Type")).startsWith("text/event-stream");
        List<Map<String, Object>> messages = response.messages();
        assertThat(messages)
                .extracting(m -> m.get("method"))
                .containsExactly("notifications/message", "notifications/progress", null);
        assertThat(messages.get(1).get("params"))
                .isEqualTo(Map.of("progressToken", "p-1", "progress", 50.0, "total", 100.0, "message", "half way"));
        assertThat(messages.get(2)).containsEntry("id", 7).containsKey("result");
    }

    @Test
    void deliversNotificationsToTheJavaSdkClient() throws Exception {
        CountDownLatch logged = new CountDownLatch(1);
        CountDownLatch progressed = new CountDownLatch(1);
        try (McpSyncClient client = client(ALICE_TOKEN)
                .loggingConsumer(note -> logged.countDown())
                .progressConsumer(note -> progressed.countDown())
                .build()) {
            client.initialize();

            McpSchema.CallToolResult result = client.callTool(McpSchema.CallToolRequest.builder("chatty")
                    .arguments(Map.of())
                    .meta(Map.of("progressToken", "p-2"))
                    .build());

            assertThat(text(result)).isEqualTo("chatty done");
            assertThat(logged.await(5, TimeUnit.SECONDS)).isTrue();
            assertThat(progressed.await(5, TimeUnit.SECONDS)).isTrue();
        }
    }

    @Test
    void relaysASamplingRequestOnTheCallsStreamAndTakesTheAnswerByPost() {
        try (McpSyncClient client = client(ALICE_TOKEN)
                .capabilities(McpSchema.ClientCapabilities.builder().sampling().build())
                .sampling(request -> new McpSchema.CreateMessageResult(
                        McpSchema.Role.ASSISTANT,
                        McpSchema.TextContent.builder("hello there").build(),
                        "m",
                        null))
                .build()) {
            client.initialize();

            McpSchema.CallToolResult result = client.callTool(call("ask_model"));

            assertThat(text(result)).isEqualTo("model said hello there");
        }
    }

    @Test
    void carriesResourceUpdatesOnTheGetStream() throws Exception {
        String session = server.initialize(ALICE_TOKEN);
        assertThat(server.post(
                                ALICE_TOKEN,
                                session,
                                TestServer.request(2, "resources/subscribe", "{\"uri\":\"test://static-text\"}"))
                        .send(server.port)
                        .status())
                .isEqualTo(200);

        HttpResponse<Stream<String>> stream = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create(server.url() + "/mcp"))
                                .header("Accept", "text/event-stream")
                                .header("Authorization", "Bearer " + ALICE_TOKEN)
                                .header("Mcp-Session-Id", session)
                                .GET()
                                .build(),
                        HttpResponse.BodyHandlers.ofLines());
        assertThat(stream.statusCode()).isEqualTo(200);
        assertThat(stream.headers().firstValue("Content-Type")).hasValue("text/event-stream");
        Iterator<String> lines = stream.body().iterator();
        assertThat(lines.next()).startsWith(":");

        resources.announceUpdate("test://static-text");

        Map<String, Object> note = nextEvent(lines);
        assertThat(note).containsEntry("method", "notifications/resources/updated");
        assertThat(note.get("params")).isEqualTo(Map.of("uri", "test://static-text"));
        stream.body().close();
    }

    @Test
    void aResourceIsFollowedFromItsSubscriptionToItsUnsubscriptionOrTheSessionsEnd() throws Exception {
        String session = server.initialize(ALICE_TOKEN);
        assertThat(server.post(ALICE_TOKEN, session, TestServer.request(2, "resources/list", "{}"))
                        .send(server.port)
                        .status())
                .isEqualTo(200);
        assertThat(resources.following()).as("listing follows nothing").isEmpty();

        server.post(
                        ALICE_TOKEN,
                        session,
                        TestServer.request(3, "resources/subscribe", "{\"uri\":\"test://static-text\"}"))
                .send(server.port);
        assertThat(resources.following()).containsExactly("test://static-text");
        server.post(
                        ALICE_TOKEN,
                        session,
                        TestServer.request(4, "resources/unsubscribe", "{\"uri\":\"test://static-text\"}"))
                .send(server.port);
        assertThat(resources.following()).isEmpty();

        server.post(
                        ALICE_TOKEN,
                        session,
                        TestServer.request(5, "resources/subscribe", "{\"uri\":\"test://static-text\"}"))
                .send(server.port);
        assertThat(resources.following()).containsExactly("test://static-text");
        RawHttp.request("DELETE", "/mcp")
                .header("Authorization", "Bearer " + ALICE_TOKEN)
                .header("Mcp-Session-Id", session)
                .send(server.port);
        assertThat(resources.following())
                .as("the session's end closes its subscriptions")
                .isEmpty();
    }

    @Test
    void endsASessionWithDeleteAndServesANewOneAfterwards() throws Exception {
        String first = server.initialize(ALICE_TOKEN);

        RawHttp.Response deleted = RawHttp.request("DELETE", "/mcp")
                .header("Authorization", "Bearer " + ALICE_TOKEN)
                .header("Mcp-Session-Id", first)
                .send(server.port);
        RawHttp.Response afterwards =
                server.post(ALICE_TOKEN, first, TestServer.call(2, "whoami")).send(server.port);
        String second = server.initialize(ALICE_TOKEN);
        RawHttp.Response renewed =
                server.post(ALICE_TOKEN, second, TestServer.call(3, "whoami")).send(server.port);

        assertThat(deleted.status()).isEqualTo(200);
        assertThat(afterwards.status()).isEqualTo(404);
        assertThat(second).isNotEqualTo(first);
        assertThat(renewed.status()).isEqualTo(200);
        assertThat(renewed.messages().getFirst()).containsKey("result");
    }

    @Test
    void reconnectsTheJavaSdkClientWithANewSession() {
        try (McpSyncClient first = client(ALICE_TOKEN).build()) {
            first.initialize();
            assertThat(text(first.callTool(call("whoami")))).isEqualTo("alice");
            first.closeGracefully();
        }
        try (McpSyncClient second = client(ALICE_TOKEN).build()) {
            second.initialize();
            assertThat(text(second.callTool(call("whoami")))).isEqualTo("alice");
        }
    }

    private McpClient.SyncSpec client(String token) {
        HttpClientStreamableHttpTransport transport = HttpClientStreamableHttpTransport.builder(server.url())
                .endpoint("/mcp")
                .requestBuilder(HttpRequest.newBuilder().header("Authorization", "Bearer " + token))
                .build();
        return McpClient.sync(transport).requestTimeout(Duration.ofSeconds(10));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> nextEvent(Iterator<String> lines) throws IOException {
        while (lines.hasNext()) {
            String line = lines.next();
            if (line.startsWith("data: ")) {
                return McpServerAssembly.jsonMapper().readValue(line.substring(6), Map.class);
            }
        }
        throw new IOException("the stream ended");
    }

    private static McpSchema.CallToolRequest call(String tool) {
        return McpSchema.CallToolRequest.builder(tool).arguments(Map.of()).build();
    }

    private static String text(McpSchema.CallToolResult result) {
        return ((McpSchema.TextContent) result.content().getFirst()).text();
    }
}
