package dev.switchboard.plugin.handoff;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.StreamSupport;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.switchboard.plugin.handoff.domain.HandoffDraft;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolDescriptor;

/**
 * Acceptance behaviours 33 and 35 of spec §3A, and the shape of the tool surface: annotations as the spec lists
 * them, a description on every parameter, and descriptions that tell agents bodies are untrusted data.
 *
 * <p>Behaviour 34 (the HTTP adapter binds only a loopback address) belongs to the HTTP transport plugin, which owns
 * the listener; this plugin opens no socket.
 */
class ToolSurfaceTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @TempDir
    Path dir;

    private HandoffHarness handoff;

    @BeforeEach
    void open() {
        handoff = HandoffHarness.open(dir);
    }

    @AfterEach
    void close() {
        handoff.close();
    }

    @Test
    @DisplayName("3A.33 tools/list has exactly the tools of the committed catalog, and no delete tool")
    void theToolListIsExactlyTheCommittedCatalog() throws Exception {
        JsonNode catalog;
        try (var in = ToolSurfaceTest.class.getResourceAsStream("/META-INF/switchboard/tool-catalog.json")) {
            catalog = JSON.readTree(in);
        }

        assertThat(handoff.registry().tools())
                .extracting(ToolDescriptor::name)
                .containsExactlyInAnyOrderElementsOf(catalog.valueStream()
                        .map(tool -> tool.path("name").asString(""))
                        .toList());
        assertThat(handoff.registry().tools()).noneMatch(tool -> tool.name().contains("delete"));
    }

    @Test
    @DisabledOnOs(OS.WINDOWS)
    @DisplayName("3A.35 a newly created database file has mode 0600")
    void aNewDatabaseFileIsOwnerOnly() throws Exception {
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(handoff.databaseFile())))
                .isEqualTo("rw-------");
    }

    @Test
    void annotationsFollowTheSpec() {
        ToolAnnotations readOnly = new ToolAnnotations(true, false, true, false);
        ToolAnnotations idempotentWrite = new ToolAnnotations(false, false, true, false);
        assertThat(annotations())
                .containsAllEntriesOf(Map.of(
                        "frontispice_list_projects", readOnly,
                        "frontispice_delivery_status", readOnly,
                        "frontispice_list_updates", readOnly,
                        "frontispice_read_handoff", readOnly,
                        "frontispice_project_status", readOnly,
                        "frontispice_register_project", idempotentWrite,
                        "frontispice_route_handoff", idempotentWrite,
                        "frontispice_mark_applied", idempotentWrite,
                        "frontispice_advance_cursor", idempotentWrite,
                        "frontispice_publish_handoff", new ToolAnnotations(false, false, false, false)));
    }

    @Test
    void everyParameterHasADescription() {
        for (ToolDescriptor tool : handoff.registry().tools()) {
            JsonNode properties = JSON.readTree(tool.inputSchema()).path("properties");
            StreamSupport.stream(properties.spliterator(), false)
                    .forEach(property -> assertThat(property.path("description").asString(""))
                            .as(tool.name())
                            .hasSizeGreaterThan(10));
        }
    }

    @Test
    void publishStatesThatAMissingSourceIsStoredAsChatgptAsTheOriginalDid() {
        ToolDescriptor publish = handoff.registry().tools().stream()
                .filter(tool -> tool.name().equals("frontispice_publish_handoff"))
                .findFirst()
                .orElseThrow();
        JsonNode source =
                JSON.readTree(publish.inputSchema()).path("properties").path("source");

        assertThat(source.path("default").asString("")).isEqualTo("chatgpt");
        assertThat(source.path("description").asString("")).endsWith("; stored as chatgpt when left out.");
        // what the schema states is what a publish without a source stores (3A.19 in PublishAndReceiptTest)
        assertThat(HandoffDraft.DEFAULT_SOURCE).isEqualTo("chatgpt");
    }

    @Test
    void toolsThatHandBodiesToAgentsSayTheyAreUntrusted() {
        assertThat(handoff.registry().tools())
                .filteredOn(tool -> tool.name().matches(".*(read_handoff|list_updates|publish_handoff)"))
                .hasSize(3)
                .allSatisfy(tool -> assertThat(tool.description()).containsIgnoringCase("untrusted"));
    }

    private Map<String, ToolAnnotations> annotations() {
        Map<String, ToolAnnotations> byName = new HashMap<>();
        handoff.registry().tools().forEach(tool -> byName.put(tool.name(), tool.annotations()));
        return byName;
    }
}
