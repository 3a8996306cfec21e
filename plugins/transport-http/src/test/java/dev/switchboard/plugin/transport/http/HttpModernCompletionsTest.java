package dev.switchboard.plugin.transport.http;

import static dev.switchboard.plugin.transport.http.Callers.ALICE_TOKEN;
import static dev.switchboard.plugin.transport.http.Callers.BOB_TOKEN;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import dev.switchboard.bridge.mcp.McpServerAssembly;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.content.ResourceContents;
import dev.switchboard.ports.resource.ResourceCatalog;
import dev.switchboard.ports.resource.ResourceDescriptor;
import dev.switchboard.ports.resource.ResourceTemplateDescriptor;
import dev.switchboard.ports.resource.ResourceUpdateSink;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCatalog;
import dev.switchboard.ports.tool.ToolDescriptor;
import dev.switchboard.ports.tool.ToolResult;
import dev.switchboard.ports.transport.TransportContext;

/**
 * The modern era (MCP 2026-07-28) on the real HTTP transport offers what the legacy era offers beside tools:
 * {@code completion/complete} of prompt arguments and template variables, answered per request caller from the
 * catalogs (announced in {@code server/discover}), and tools whose input schemas keep every JSON Schema 2020-12
 * keyword in {@code tools/list}, as the legacy list does.
 */
class HttpModernCompletionsTest {

    private static final String NOTES = "test://notes/{name}";
    /** The conformance suite's SEP-2106 schema: composition, conditional and {@code $anchor} keywords. */
    private static final String SCHEMA = """
            {"$schema": "https://json-schema.org/draft/2020-12/schema",
             "type": "object",
             "$defs": {"address": {"$anchor": "addressDef", "type": "object",
                                   "properties": {"street": {"type": "string"}}}},
             "properties": {"address": {"$ref": "#/$defs/address"},
                            "contactMethod": {"type": "string", "enum": ["phone", "email"]},
                            "phone": {"type": "string"}, "email": {"type": "string"}},
             "allOf": [{"anyOf": [{"required": ["phone"]}, {"required": ["email"]}]}],
             "if": {"properties": {"contactMethod": {"const": "phone"}}, "required": ["contactMethod"]},
             "then": {"required": ["phone"]},
             "else": {"required": ["email"]},
             "additionalProperties": false}""";

    private static TestServer server;

    @BeforeAll
    static void start() {
        TransportContext base = Callers.builder(Callers.staticText(), true)
                .prompts(new GreetingPrompt())
                .build()
                .with(List.of("contact"), call -> ToolResult.text("ok"));
        server = TestServer.start(
                Callers.serving(base, new ContactTool(), new Notes(base.resources())), TestServer.ANSWERS_AT_ONCE);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void aPromptArgumentCompletesForTheRequestsCallerAndIsRefusedToOneItIsNotServedTo() throws IOException {
        String params = "{\"ref\":{\"type\":\"ref/prompt\",\"name\":\"greet\"},"
                + "\"argument\":{\"name\":\"who\",\"value\":\"a\"}}";
        RawHttp.Response owner = TestServer.modern(ALICE_TOKEN, 1, "completion/complete", params, null)
                .send(server.port);
        RawHttp.Response admin = TestServer.modern(BOB_TOKEN, 2, "completion/complete", params, null)
                .send(server.port);

        assertThat(owner.status()).as(owner.text()).isEqualTo(200);
        assertThat(completion(owner))
                .containsEntry("values", List.of("ada@alice", "alan@alice"))
                .containsEntry("total", 2)
                .containsEntry("hasMore", false);
        assertThat(admin.error()).containsEntry("code", -32602);
    }

    @Test
    void aTemplateVariableCompletesWithEachCallersOwnValues() throws IOException {
        String params = "{\"ref\":{\"type\":\"ref/resource\",\"uri\":\"" + NOTES + "\"},"
                + "\"argument\":{\"name\":\"name\",\"value\":\"d\"}}";
        RawHttp.Response alice = TestServer.modern(ALICE_TOKEN, 3, "completion/complete", params, null)
                .send(server.port);
        RawHttp.Response bob = TestServer.modern(BOB_TOKEN, 4, "completion/complete", params, null)
                .send(server.port);

        assertThat(completion(alice)).containsEntry("values", List.of("draft-of-alice"));
        assertThat(completion(bob)).containsEntry("values", List.of("draft-of-bob"));
    }

    @Test
    void aCompletionAnswersAtMostAHundredValuesWithTheirTotal() throws IOException {
        String params = "{\"ref\":{\"type\":\"ref/resource\",\"uri\":\"" + NOTES + "\"},"
                + "\"argument\":{\"name\":\"name\",\"value\":\"n\"}}";
        RawHttp.Response response = TestServer.modern(ALICE_TOKEN, 5, "completion/complete", params, null)
                .send(server.port);

        Map<String, Object> completion = completion(response);
        assertThat(completion.get("values")).asList().hasSize(100).startsWith("n0-of-alice");
        assertThat(completion).containsEntry("total", 150).containsEntry("hasMore", true);
    }

    @Test
    void anUnknownTemplateOrVariableIsInvalidParams() throws IOException {
        RawHttp.Response template = TestServer.modern(
                        ALICE_TOKEN,
                        6,
                        "completion/complete",
                        "{\"ref\":{\"type\":\"ref/resource\",\"uri\":\"test://nope/{x}\"},"
                                + "\"argument\":{\"name\":\"x\",\"value\":\"\"}}",
                        null)
                .send(server.port);
        RawHttp.Response variable = TestServer.modern(
                        ALICE_TOKEN,
                        7,
                        "completion/complete",
                        "{\"ref\":{\"type\":\"ref/resource\",\"uri\":\"" + NOTES + "\"},"
                                + "\"argument\":{\"name\":\"other\",\"value\":\"\"}}",
                        null)
                .send(server.port);

        assertThat(template.error()).containsEntry("code", -32602);
        assertThat(variable.error()).containsEntry("code", -32602);
    }

    @Test
    void serverDiscoverAnnouncesCompletions() throws IOException {
        RawHttp.Response response =
                TestServer.modern(ALICE_TOKEN, 8, "server/discover", "{}", null).send(server.port);

        assertThat(result(response).get("capabilities"))
                .asInstanceOf(InstanceOfAssertFactories.MAP)
                .containsKey("completions");
    }

    @Test
    void toolsListKeepsEveryJsonSchema2020KeywordAsTheLegacyListDoes() throws IOException {
        @SuppressWarnings("unchecked")
        Map<String, Object> expected = McpServerAssembly.jsonMapper().readValue(SCHEMA, Map.class);
        RawHttp.Response modern =
                TestServer.modern(ALICE_TOKEN, 9, "tools/list", "{}", null).send(server.port);
        String session = server.initialize(ALICE_TOKEN);
        RawHttp.Response legacy = server.post(ALICE_TOKEN, session, TestServer.request(10, "tools/list", "{}"))
                .send(server.port);

        Map<String, Object> modernSchema = inputSchema(result(modern));
        assertThat(modernSchema).isEqualTo(expected);
        assertThat(modernSchema).containsKeys("allOf", "if", "then", "else");
        assertThat(modernSchema.get("$defs"))
                .asInstanceOf(InstanceOfAssertFactories.MAP)
                .extractingByKey("address")
                .asInstanceOf(InstanceOfAssertFactories.MAP)
                .containsEntry("$anchor", "addressDef");
        @SuppressWarnings("unchecked")
        Map<String, Object> legacyResult =
                (Map<String, Object>) legacy.messages().getFirst().get("result");
        assertThat(inputSchema(legacyResult)).isEqualTo(modernSchema);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> inputSchema(Map<String, Object> toolsList) {
        List<Map<String, Object>> tools = (List<Map<String, Object>>) toolsList.get("tools");
        assertThat(tools).extracting(tool -> tool.get("name")).containsExactly("contact");
        return (Map<String, Object>) tools.getFirst().get("inputSchema");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> completion(RawHttp.Response response) throws IOException {
        return (Map<String, Object>) result(response).get("completion");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> result(RawHttp.Response response) throws IOException {
        Map<String, Object> json = response.json();
        assertThat(json).as(response.text()).containsKey("result");
        return (Map<String, Object>) json.get("result");
    }

    /** One tool, {@code contact}, whose input schema is {@link #SCHEMA}. */
    private static final class ContactTool implements ToolCatalog {
        private static final ToolDescriptor CONTACT =
                new ToolDescriptor("contact", null, "records a contact", SCHEMA, null, ToolAnnotations.NONE);

        @Override
        public List<ToolDescriptor> tools() {
            return List.of(CONTACT);
        }

        @Override
        public Optional<ToolDescriptor> find(String name) {
            return tools().stream().filter(tool -> tool.name().equals(name)).findFirst();
        }
    }

    /**
     * The given resources plus one template, {@code test://notes/{name}}, served to every caller, whose {@code name}
     * completes to the caller's own notes: {@code draft-of-<id>}, {@code plan-of-<id>} and {@code n0-of-<id>} to
     * {@code n149-of-<id>}, those starting with the prefix.
     */
    private record Notes(ResourceCatalog fixed) implements ResourceCatalog {
        private static final ResourceTemplateDescriptor TEMPLATE =
                new ResourceTemplateDescriptor(NOTES, "notes", null, "the caller's notes", "text/plain");

        @Override
        public List<ResourceDescriptor> resources() {
            return fixed.resources();
        }

        @Override
        public List<ResourceTemplateDescriptor> templates() {
            return List.of(TEMPLATE);
        }

        @Override
        public List<ResourceDescriptor> resources(Principal caller) {
            return fixed.resources(caller);
        }

        @Override
        public List<ResourceTemplateDescriptor> templates(Principal caller) {
            return List.of(TEMPLATE);
        }

        @Override
        public Optional<List<ResourceContents>> read(String uri, Principal principal) {
            return fixed.read(uri, principal);
        }

        @Override
        public List<String> complete(
                String uriTemplate, String variable, String prefix, Map<String, String> context, Principal caller) {
            if (!uriTemplate.equals(NOTES) || !variable.equals("name")) {
                return List.of();
            }
            return Stream.concat(
                            Stream.of("draft", "plan"), IntStream.range(0, 150).mapToObj(i -> "n" + i))
                    .filter(note -> note.startsWith(prefix))
                    .map(note -> note + "-of-" + caller.id())
                    .toList();
        }

        @Override
        public void addUpdateListener(ResourceUpdateSink sink) {
            fixed.addUpdateListener(sink);
        }
    }
}
