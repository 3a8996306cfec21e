package dev.switchboard.plugin.workspace;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.switchboard.plugin.workspace.adapter.out.persistence.WorkspaceMigrations;
import dev.switchboard.ports.tool.ToolDescriptor;

class ToolSurfaceTest {

    @TempDir
    Path state;

    @TempDir
    Path home;

    @Test
    @org.junit.jupiter.api.DisplayName("36: the tool list is exactly the tools of the committed catalog")
    void advertisesExactlyTheCommittedCatalog() throws Exception {
        JsonNode catalog;
        try (var in = ToolSurfaceTest.class.getResourceAsStream("/META-INF/switchboard/tool-catalog.json")) {
            catalog = JsonMapper.shared().readTree(in);
        }

        try (WorkspaceHarness harness = new WorkspaceHarness(state, home)) {
            assertThat(harness.registry().tools())
                    .extracting(ToolDescriptor::name)
                    .containsExactlyInAnyOrderElementsOf(catalog.valueStream()
                            .map(tool -> tool.path("name").asString(""))
                            .toList());
        }
    }

    @Test
    @org.junit.jupiter.api.DisplayName(
            "write and edit describe FILE_READ_ONLY, which they answer for a read-only target")
    void writeAndEditNameTheReadOnlyRefusal() {
        try (WorkspaceHarness harness = new WorkspaceHarness(state, home)) {
            assertThat(harness.registry().tools())
                    .filteredOn(
                            tool -> tool.name().equals("write") || tool.name().equals("edit"))
                    .hasSize(2)
                    .allSatisfy(tool -> assertThat(tool.description()).contains("FILE_READ_ONLY"));
        }
    }

    @Test
    void theIndexListsTheMigrations() throws Exception {
        Path classes = Path.of(WorkspaceMigrations.class
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .toURI());

        assertThat(Files.readAllLines(classes.resolve("META-INF/extensions.idx")))
                .contains(WorkspaceMigrations.class.getName());
    }
}
