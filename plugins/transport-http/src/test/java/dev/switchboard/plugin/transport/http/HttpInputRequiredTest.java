package dev.switchboard.plugin.transport.http;

import static dev.switchboard.plugin.transport.http.Callers.ALICE_TOKEN;
import static dev.switchboard.plugin.transport.http.Callers.BOB_TOKEN;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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

import dev.switchboard.bridge.mcp.McpServerAssembly;
import dev.switchboard.ports.call.ClientRequestException;
import dev.switchboard.ports.call.ClientRequests;
import dev.switchboard.ports.call.ClientRequests.Capability;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.content.Content;
import dev.switchboard.ports.prompt.PromptCatalog;
import dev.switchboard.ports.prompt.PromptDescriptor;
import dev.switchboard.ports.prompt.PromptMessage;
import dev.switchboard.ports.prompt.PromptResult;
import dev.switchboard.ports.tool.ErrorCode;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolCatalog;
import dev.switchboard.ports.tool.ToolDescriptor;
import dev.switchboard.ports.tool.ToolResult;
import dev.switchboard.ports.transport.TransportContext;

/**
 * Tools that ask their client (elicitation, sampling) in the modern era (MCP 2026-07-28) on the real HTTP transport: the
 * call ends with an input-required result naming the requests and a sealed {@code requestState}; the retry with the
 * answers runs the tool again and gets its result; a changed or borrowed state is refused; a request for a capability
 * the client did not declare is -32021; a prompt asks the same way; a tool's mirrored parameter header is checked
 * (ADR 44).
 */
class HttpInputRequiredTest {

    private static final String MODERN = "2026-07-28";
    private static final Duration WAIT = Duration.ofSeconds(5);

    private static final List<String> rounds = new CopyOnWriteArrayList<>();
    private static TestServer server;

    @BeforeAll
    static void start() {
        TransportContext base = Callers.builderListing((tool, caller) -> true)
                .prompts(new AskingPrompt())
                .build()
                .with(List.of("two_steps", "ask_model", "region"), HttpInputRequiredTest::call);
        List<ToolDescriptor> tools = List.of(
                descriptor("two_steps", "{\"type\":\"object\"}"),
                descriptor("ask_model", "{\"type\":\"object\",\"properties\":{\"topic\":{\"type\":\"string\"}}}"),
                descriptor(
                        "region",
                        "{\"type\":\"object\",\"properties\":{\"region\":{\"type\":\"string\","
                                + "\"x-mcp-header\":\"Region\"}},\"required\":[\"region\"]}"));
        ToolCatalog catalog = new ToolCatalog() {
            @Override
            public List<ToolDescriptor> tools() {
                return tools;
            }

            @Override
            public Optional<ToolDescriptor> find(String name) {
                return tools.stream().filter(tool -> tool.name().equals(name)).findFirst();
            }
        };
        server = TestServer.start(Callers.serving(base, catalog, base.resources()), TestServer.ANSWERS_AT_ONCE);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void theJavaSdksModernClientAnswersTwoRoundsOfElicitationAndGetsTheResult() {
        HttpClientMcpTransport transport = HttpClientMcpTransport.builder(server.url() + "/mcp")
                .requestCustomizer(McpHttpRequestCustomizer.fromSync(
                        (request, headers, context) -> headers.set("Authorization", "Bearer " + ALICE_TOKEN)))
                .build();
        McpSyncClient client = McpClient.sync(transport)
                .formElicitation(form -> McpSchema.ElicitResult.accept(
                        form.message().contains("name") ? Map.of("name", "Alice") : Map.of("color", "teal")))
                .build();
        int before = rounds.size();

        McpSchema.CallToolResult result =
                client.tool("two_steps").arguments(Map.of()).call();

        assertThat(result.isError()).isFalse();
        assertThat(((McpSchema.TextContent) result.content().getFirst()).text())
                .isEqualTo("Hello, Alice! Your colour is teal.");
        assertThat(rounds.subList(before, rounds.size())).containsExactly("two_steps", "two_steps", "two_steps");
    }

    @Test
    void samplingIsAskedInAnInputRequiredResultAndTheRetryWithTheAnswerCompletesTheCall() throws IOException {
        Map<String, Object> first = result(call(ALICE_TOKEN, 1, "ask_model", Map.of("topic", "France"), null, null));

        assertThat(first).containsEntry("resultType", "input_required").doesNotContainKey("content");
        assertThat(first.get("inputRequests"))
                .asInstanceOf(InstanceOfAssertFactories.MAP)
                .containsOnlyKeys("question")
                .extractingByKey("question", InstanceOfAssertFactories.MAP)
                .containsEntry("method", "sampling/createMessage")
                .extractingByKey("params", InstanceOfAssertFactories.MAP)
                .containsEntry("maxTokens", 100);
        String state = (String) first.get("requestState");
        assertThat(state).isNotBlank().doesNotContain("France");

        Map<String, Object> answer = Map.of(
                "question",
                Map.of("role", "assistant", "content", Map.of("type", "text", "text", "Paris"), "model", "m"));
        Map<String, Object> last = result(call(ALICE_TOKEN, 2, "ask_model", Map.of("topic", "France"), answer, state));

        assertThat(last).containsEntry("resultType", "complete").containsEntry("isError", false);
        assertThat(String.valueOf(last.get("content"))).contains("the model said Paris about France");
    }

    @Test
    void aTamperedRequestStateIsRefusedAndTheToolDoesNotRun() throws IOException {
        String state = (String) result(call(ALICE_TOKEN, 3, "ask_model", Map.of("topic", "x"), null, null))
                .get("requestState");
        int before = rounds.size();

        RawHttp.Response tampered =
                call(ALICE_TOKEN, 4, "ask_model", Map.of("topic", "x"), Map.of(), state.replace('.', 'x') + "A");

        assertThat(tampered.status()).isEqualTo(400);
        assertThat(tampered.error()).containsEntry("code", -32602);
        assertThat(String.valueOf(tampered.error().get("message"))).containsIgnoringCase("requestState");
        assertThat(rounds).hasSize(before);
    }

    @Test
    void aRequestStateIsRefusedForAnotherCallerAndForOtherArguments() throws IOException {
        String state = (String) result(call(ALICE_TOKEN, 5, "ask_model", Map.of("topic", "x"), null, null))
                .get("requestState");
        int before = rounds.size();

        RawHttp.Response borrowed = call(BOB_TOKEN, 6, "ask_model", Map.of("topic", "x"), Map.of(), state);
        RawHttp.Response otherArguments = call(ALICE_TOKEN, 7, "ask_model", Map.of("topic", "y"), Map.of(), state);

        for (RawHttp.Response refused : List.of(borrowed, otherArguments)) {
            assertThat(refused.status()).isEqualTo(400);
            assertThat(refused.error()).containsEntry("code", -32602);
            assertThat(String.valueOf(refused.error().get("message"))).containsIgnoringCase("requestState");
        }
        // the sealing binds a state to its caller (ADR 46), so another caller's is refused before it is opened
        assertThat(String.valueOf(borrowed.error().get("message"))).isEqualTo("Invalid or expired requestState");
        assertThat(String.valueOf(otherArguments.error().get("message")))
                .startsWith("Invalid params: the requestState does not belong to this call");
        assertThat(rounds).hasSize(before);
    }

    @Test
    void aToolAskingForACapabilityTheRequestDidNotDeclareIsMissingCapability() throws IOException {
        RawHttp.Response response = TestServer.modern(
                        ALICE_TOKEN, 8, "tools/call", "{\"name\":\"ask_model\",\"arguments\":{}}", "ask_model")
                .send(server.port);

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.error()).containsEntry("code", -32021);
        assertThat(response.error().get("data"))
                .asInstanceOf(InstanceOfAssertFactories.MAP)
                .extractingByKey("requiredCapabilities", InstanceOfAssertFactories.MAP)
                .containsKey("sampling");
    }

    @Test
    void aMirroredParameterMustTravelInItsHeaderToo() throws IOException {
        String params = "{\"name\":\"region\",\"arguments\":{\"region\":\"eu\"}}";
        RawHttp.Response without = TestServer.modern(ALICE_TOKEN, 9, "tools/call", params, "region")
                .send(server.port);
        RawHttp.Response with = TestServer.modern(ALICE_TOKEN, 10, "tools/call", params, "region")
                .header("Mcp-Param-Region", "eu")
                .send(server.port);

        assertThat(without.status()).isEqualTo(400);
        assertThat(without.error()).containsEntry("code", -32020);
        assertThat(with.status()).isEqualTo(200);
        assertThat(String.valueOf(result(with).get("content"))).contains("region eu");
    }

    @Test
    void aPromptThatAsksTheClientIsRenderedOnceTheRetryAnswers() throws IOException {
        Map<String, Object> first = result(get(1, null, null));

        assertThat(first).containsEntry("resultType", "input_required");
        assertThat(first.get("inputRequests"))
                .asInstanceOf(InstanceOfAssertFactories.MAP)
                .extractingByKey("user_context", InstanceOfAssertFactories.MAP)
                .containsEntry("method", "elicitation/create");

        Map<String, Object> last = result(get(
                2, Map.of("user_context", Map.of("action", "accept", "content", Map.of("context", "tests"))), (String)
                        first.get("requestState")));

        assertThat(last).containsEntry("resultType", "complete");
        assertThat(String.valueOf(last.get("messages"))).contains("context: tests");
    }

    /** One prompt, {@code ask_context}, which asks the client what context to use ({@code user_context}). */
    private static final class AskingPrompt implements PromptCatalog {

        private static final PromptDescriptor ASK = new PromptDescriptor("ask_context", null, "asks", List.of());

        @Override
        public List<PromptDescriptor> prompts() {
            return List.of(ASK);
        }

        @Override
        public List<PromptDescriptor> prompts(Principal caller) {
            return List.of(ASK);
        }

        @Override
        public Optional<PromptResult> get(String name, Map<String, String> arguments, Principal principal) {
            return get(name, arguments, principal, ClientRequests.NONE);
        }

        @Override
        public Optional<PromptResult> get(
                String name, Map<String, String> arguments, Principal principal, ClientRequests client) {
            Map<String, Object> answer;
            try {
                answer = client.send("user_context", Capability.ELICITATION, form("Context?", "context"), WAIT);
            } catch (ClientRequestException e) {
                return Optional.of(text("no context: " + e.getMessage()));
            }
            return Optional.of(text("context: " + content(answer).get("context")));
        }

        @Override
        public List<String> complete(
                String prompt, String argument, String prefix, Map<String, String> context, Principal caller) {
            return List.of();
        }

        private static PromptResult text(String text) {
            return new PromptResult(null, List.of(new PromptMessage(PromptMessage.Role.USER, new Content.Text(text))));
        }
    }

    private static ToolResult call(ToolCall call) {
        rounds.add(call.toolName());
        try {
            return switch (call.toolName()) {
                case "two_steps" -> {
                    Map<String, Object> name =
                            call.client().send("step1", Capability.ELICITATION, form("Your name?", "name"), WAIT);
                    Map<String, Object> color =
                            call.client().send("step2", Capability.ELICITATION, form("Your colour?", "color"), WAIT);
                    yield ToolResult.text("Hello, " + content(name).get("name") + "! Your colour is "
                            + content(color).get("color") + ".");
                }
                case "ask_model" -> {
                    Map<String, Object> answer = call.client()
                            .send(
                                    "question",
                                    Capability.SAMPLING,
                                    Map.of(
                                            "messages",
                                            List.of(Map.of(
                                                    "role",
                                                    "user",
                                                    "content",
                                                    Map.of("type", "text", "text", "The capital?"))),
                                            "maxTokens",
                                            100),
                                    WAIT);
                    yield ToolResult.text("the model said " + content(answer).get("text") + " about "
                            + call.arguments().get("topic"));
                }
                default -> ToolResult.text("region " + call.arguments().get("region"));
            };
        } catch (ClientRequestException e) {
            return ToolResult.failure(ErrorCode.UNAVAILABLE, e.getMessage());
        }
    }

    private static Map<String, Object> form(String message, String field) {
        return Map.of(
                "message",
                message,
                "requestedSchema",
                Map.of("type", "object", "properties", Map.of(field, Map.of("type", "string"))));
    }

    private static Map<?, ?> content(Map<String, Object> answer) {
        return answer.get("content") instanceof Map<?, ?> content ? content : Map.of();
    }

    private static ToolDescriptor descriptor(String name, String schema) {
        return new ToolDescriptor(name, null, "test tool " + name, schema, null, ToolAnnotations.NONE);
    }

    /** A modern {@code tools/call} whose client declares sampling and elicitation, with a retry's fields if given. */
    private static RawHttp.Response call(
            String token,
            int id,
            String tool,
            Map<String, Object> arguments,
            Map<String, Object> inputResponses,
            String requestState)
            throws IOException {
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("name", tool);
        params.put("arguments", arguments);
        if (inputResponses != null) {
            params.put("inputResponses", inputResponses);
        }
        if (requestState != null) {
            params.put("requestState", requestState);
        }
        params.put(
                "_meta",
                Map.of(
                        "io.modelcontextprotocol/protocolVersion",
                        MODERN,
                        "io.modelcontextprotocol/clientCapabilities",
                        Map.of("sampling", Map.of(), "elicitation", Map.of())));
        String body = McpServerAssembly.jsonMapper()
                .writeValueAsString(Map.of("jsonrpc", "2.0", "id", id, "method", "tools/call", "params", params));
        return RawHttp.request("POST", "/mcp")
                .header("Accept", "application/json, text/event-stream")
                .header("Content-Type", "application/json")
                .header("Authorization", "Bearer " + token)
                .header("MCP-Protocol-Version", MODERN)
                .header("Mcp-Method", "tools/call")
                .header("Mcp-Name", tool)
                .body(body)
                .send(server.port);
    }

    /** A modern {@code prompts/get} of {@code ask_context} whose client declares elicitation. */
    private static RawHttp.Response get(int id, Map<String, Object> inputResponses, String requestState)
            throws IOException {
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("name", "ask_context");
        if (inputResponses != null) {
            params.put("inputResponses", inputResponses);
            params.put("requestState", requestState);
        }
        params.put(
                "_meta",
                Map.of(
                        "io.modelcontextprotocol/protocolVersion",
                        MODERN,
                        "io.modelcontextprotocol/clientCapabilities",
                        Map.of("elicitation", Map.of())));
        String body = McpServerAssembly.jsonMapper()
                .writeValueAsString(Map.of("jsonrpc", "2.0", "id", id, "method", "prompts/get", "params", params));
        return RawHttp.request("POST", "/mcp")
                .header("Accept", "application/json, text/event-stream")
                .header("Content-Type", "application/json")
                .header("Authorization", "Bearer " + ALICE_TOKEN)
                .header("MCP-Protocol-Version", MODERN)
                .header("Mcp-Method", "prompts/get")
                .header("Mcp-Name", "ask_context")
                .body(body)
                .send(server.port);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> result(RawHttp.Response response) throws IOException {
        Map<String, Object> json = response.json();
        assertThat(json).as(response.text()).containsKey("result");
        return (Map<String, Object>) json.get("result");
    }
}
