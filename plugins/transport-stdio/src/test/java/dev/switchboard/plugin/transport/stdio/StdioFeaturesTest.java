package dev.switchboard.plugin.transport.stdio;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.switchboard.ports.call.ClientRequests;
import dev.switchboard.ports.call.LogLevel;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.content.Content;
import dev.switchboard.ports.content.ResourceContents;
import dev.switchboard.ports.prompt.PromptArgument;
import dev.switchboard.ports.prompt.PromptCatalog;
import dev.switchboard.ports.prompt.PromptDescriptor;
import dev.switchboard.ports.prompt.PromptMessage;
import dev.switchboard.ports.prompt.PromptResult;
import dev.switchboard.ports.resource.ResourceCatalog;
import dev.switchboard.ports.resource.ResourceDescriptor;
import dev.switchboard.ports.resource.ResourceTemplateDescriptor;
import dev.switchboard.ports.resource.ResourceUpdateSink;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolResult;
import dev.switchboard.testkit.transport.FakeTransportContext;

/** Resources, prompts, completions, logging levels and sampling through the stdio transport and the bridge. */
class StdioFeaturesTest {

    private final List<ResourceUpdateSink> updateListeners = new CopyOnWriteArrayList<>();
    private final List<Principal> readers = new CopyOnWriteArrayList<>();
    private PipedClient client;

    @BeforeEach
    void startTransport() throws Exception {
        client = new PipedClient();
        client.transport()
                .start(FakeTransportContext.builder()
                        .resources(new Resources())
                        .prompts(new Prompts())
                        .build()
                        .with(List.of("ask_model", "chatty"), this::invoke));
    }

    @AfterEach
    void stopTransport() throws Exception {
        client.close();
    }

    private ToolResult invoke(ToolCall call) {
        if (call.toolName().equals("chatty")) {
            call.log().log(LogLevel.DEBUG, null, Map.of("step", 1));
            return ToolResult.text("done");
        }
        if (!call.client().supports(ClientRequests.Capability.SAMPLING)) {
            return ToolResult.text("no sampling");
        }
        Map<String, Object> answer = call.client()
                .send(
                        ClientRequests.Capability.SAMPLING,
                        Map.of(
                                "messages",
                                List.of(Map.of("role", "user", "content", Map.of("type", "text", "text", "hi"))),
                                "maxTokens",
                                10),
                        Duration.ofSeconds(10));
        return ToolResult.text("model said " + ((Map<?, ?>) answer.get("content")).get("text"));
    }

    @Test
    void readsListedResourcesAndTemplatesAndReportsMissingOnes() throws Exception {
        client.initialize();
        client.send(request(1, "resources/list", "{}"));
        client.send(request(2, "resources/read", "{\"uri\":\"test://static-text\"}"));
        client.send(request(3, "resources/read", "{\"uri\":\"test://template/123/data\"}"));
        client.send(request(4, "resources/read", "{\"uri\":\"test://nowhere\"}"));

        Map<Object, Map<String, Object>> answers = answersById(4);
        assertThat(result(answers.get(1)).get("resources"))
                .isEqualTo(List.of(Map.of(
                        "uri",
                        "test://static-text",
                        "name",
                        "static-text",
                        "description",
                        "Static text",
                        "mimeType",
                        "text/plain")));
        assertThat(result(answers.get(2)).get("contents"))
                .isEqualTo(List.of(Map.of("uri", "test://static-text", "mimeType", "text/plain", "text", "hello")));
        assertThat(result(answers.get(3)).get("contents"))
                .isEqualTo(List.of(Map.of(
                        "uri", "test://template/123/data", "mimeType", "application/json", "text", "{\"id\":1}")));
        assertThat(error(answers.get(4))).containsEntry("code", -32002);
        assertThat(readers).containsOnly(Principal.LOCAL_OWNER);
    }

    @Test
    void notifiesSubscribersOfUpdatedResources() throws Exception {
        client.initialize();
        client.send(request(1, "resources/subscribe", "{\"uri\":\"test://static-text\"}"));
        assertThat(client.next()).containsEntry("id", 1);

        updateListeners.forEach(listener -> listener.updated("test://static-text"));

        Map<String, Object> note = client.next();
        assertThat(note).containsEntry("method", "notifications/resources/updated");
        assertThat(note.get("params")).isEqualTo(Map.of("uri", "test://static-text"));
    }

    @Test
    void rendersPromptsRefusesMissingArgumentsAndCompletes() throws Exception {
        client.initialize();
        client.send(request(1, "prompts/get", "{\"name\":\"greet\",\"arguments\":{\"who\":\"Ada\"}}"));
        client.send(request(2, "prompts/get", "{\"name\":\"greet\",\"arguments\":{}}"));
        client.send(
                request(
                        3,
                        "completion/complete",
                        "{\"ref\":{\"type\":\"ref/prompt\",\"name\":\"greet\"},\"argument\":{\"name\":\"who\",\"value\":\"A\"}}"));

        Map<Object, Map<String, Object>> answers = answersById(3);
        assertThat(result(answers.get(1)).get("messages"))
                .isEqualTo(List.of(Map.of("role", "user", "content", Map.of("type", "text", "text", "Hello Ada"))));
        assertThat(error(answers.get(2))).containsEntry("code", -32602).containsEntry("message", "who is required");
        assertThat(result(answers.get(3)).get("completion"))
                .isEqualTo(Map.of("values", List.of("Ada", "Alan"), "total", 2, "hasMore", false));
    }

    @Test
    void sendsLogNotificationsFromTheLevelTheClientSets() throws Exception {
        client.initialize();
        client.send(request(1, "logging/setLevel", "{\"level\":\"debug\"}"));
        assertThat(client.next()).containsEntry("id", 1);

        client.send(request(2, "tools/call", "{\"name\":\"chatty\",\"arguments\":{}}"));

        Map<String, Object> note = client.next();
        assertThat(note).containsEntry("method", "notifications/message");
        assertThat(note.get("params")).isEqualTo(Map.of("level", "debug", "data", "{\"step\":1}"));
        assertThat(client.next()).containsEntry("id", 2);
    }

    @Test
    void relaysSamplingRequestsToTheClientDuringACall() throws Exception {
        client.send("""
                {"jsonrpc":"2.0","id":"init","method":"initialize","params":{"protocolVersion":"2025-11-25",\
                "capabilities":{"sampling":{}},"clientInfo":{"name":"test","version":"1"}}}""");
        client.next();
        client.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        client.send(request(7, "tools/call", "{\"name\":\"ask_model\",\"arguments\":{}}"));

        Map<String, Object> sampling = client.next();
        assertThat(sampling).containsEntry("method", "sampling/createMessage");
        client.send("{\"jsonrpc\":\"2.0\",\"id\":\"" + sampling.get("id") + "\",\"result\":{\"role\":\"assistant\","
                + "\"content\":{\"type\":\"text\",\"text\":\"hello there\"},\"model\":\"m\"}}");

        Map<String, Object> answer = client.next();
        assertThat(answer).containsEntry("id", 7);
        assertThat(result(answer).get("content"))
                .isEqualTo(List.of(Map.of("type", "text", "text", "model said hello there")));
    }

    private Map<Object, Map<String, Object>> answersById(int count) throws Exception {
        Map<Object, Map<String, Object>> byId = new HashMap<>();
        for (int i = 0; i < count; i++) {
            Map<String, Object> answer = client.next();
            byId.put(answer.get("id"), answer);
        }
        return byId;
    }

    private static String request(int id, String method, String params) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"" + method + "\",\"params\":" + params + "}";
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> result(Map<String, Object> answer) {
        assertThat(answer).containsKey("result");
        return (Map<String, Object>) answer.get("result");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> error(Map<String, Object> answer) {
        assertThat(answer).containsKey("error");
        return (Map<String, Object>) answer.get("error");
    }

    private final class Resources implements ResourceCatalog {
        @Override
        public List<ResourceDescriptor> resources() {
            return List.of(
                    new ResourceDescriptor("test://static-text", "static-text", null, "Static text", "text/plain"));
        }

        @Override
        public List<ResourceDescriptor> resources(Principal caller) {
            return resources();
        }

        @Override
        public List<ResourceTemplateDescriptor> templates(Principal caller) {
            return templates();
        }

        @Override
        public List<ResourceTemplateDescriptor> templates() {
            return List.of(new ResourceTemplateDescriptor(
                    "test://template/{id}/data", "data", null, null, "application/json"));
        }

        @Override
        public Optional<List<ResourceContents>> read(String uri, Principal principal) {
            readers.add(principal);
            return switch (uri) {
                case "test://static-text" ->
                    Optional.of(List.of(new ResourceContents.TextContents(uri, "text/plain", "hello")));
                case "test://template/123/data" ->
                    Optional.of(List.of(new ResourceContents.TextContents(uri, "application/json", "{\"id\":1}")));
                default -> Optional.empty();
            };
        }

        @Override
        public List<String> complete(
                String uriTemplate, String variable, String prefix, Map<String, String> ctx, Principal caller) {
            return List.of();
        }

        @Override
        public void addUpdateListener(ResourceUpdateSink sink) {
            updateListeners.add(sink);
        }
    }

    private static final class Prompts implements PromptCatalog {
        @Override
        public List<PromptDescriptor> prompts() {
            return List.of(new PromptDescriptor(
                    "greet", null, "Greets someone", List.of(new PromptArgument("who", null, "whom to greet", true))));
        }

        @Override
        public List<PromptDescriptor> prompts(Principal caller) {
            return prompts();
        }

        @Override
        public Optional<PromptResult> get(String name, Map<String, String> arguments, Principal principal) {
            if (!name.equals("greet")) {
                return Optional.empty();
            }
            if (arguments.get("who") == null) {
                throw new IllegalArgumentException("who is required");
            }
            return Optional.of(new PromptResult(
                    null,
                    List.of(new PromptMessage(
                            PromptMessage.Role.USER, Content.text("Hello " + arguments.get("who"))))));
        }

        @Override
        public List<String> complete(
                String prompt, String argument, String prefix, Map<String, String> context, Principal caller) {
            return List.of("Ada", "Alan").stream()
                    .filter(v -> v.startsWith(prefix))
                    .toList();
        }
    }
}
