package dev.switchboard.bridge.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.modelcontextprotocol.spec.McpSchema;

import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolDescriptor;

class ToolDescriptorMapperTest {

    private static final String INPUT = """
            {"type": "object", "properties": {"zeta": {"type": "string"}, "alpha": {"type": "integer"}},
             "required": ["zeta"]}""";
    private static final String OUTPUT = """
            {"type": "object", "properties": {"count": {"type": "integer"}}}""";

    private final ToolDescriptorMapper mapper =
            new ToolDescriptorMapper(new JsonValues(McpServerAssembly.jsonMapper()));

    @Test
    void mapsNameTitleDescriptionSchemasAndAnnotations() {
        McpSchema.Tool tool = mapper.toSdk(new ToolDescriptor(
                "read_inbox", "Read inbox", "Lists messages.", INPUT, OUTPUT, ToolAnnotations.READ_ONLY));

        assertThat(tool.name()).isEqualTo("read_inbox");
        assertThat(tool.title()).isEqualTo("Read inbox");
        assertThat(tool.description()).isEqualTo("Lists messages.");
        assertThat(tool.inputSchema()).containsEntry("type", "object").containsEntry("required", List.of("zeta"));
        assertThat(tool.outputSchema()).containsEntry("properties", Map.of("count", Map.of("type", "integer")));
        assertThat(tool.annotations()).isEqualTo(new McpSchema.ToolAnnotations(null, true, false, true, false, null));
    }

    @Test
    void keepsTheSchemaAuthorsPropertyOrder() {
        McpSchema.Tool tool = mapper.toSdk(new ToolDescriptor("t", null, "d", INPUT, null, ToolAnnotations.NONE));

        Map<?, ?> properties = (Map<?, ?>) tool.inputSchema().get("properties");
        assertThat(List.copyOf(properties.keySet())).isEqualTo(List.of("zeta", "alpha"));
    }

    @Test
    void leavesOutAnnotationsAndOutputSchemaWhenNotStated() {
        McpSchema.Tool tool = mapper.toSdk(new ToolDescriptor("t", null, "d", INPUT, null, ToolAnnotations.NONE));

        assertThat(tool.annotations()).isNull();
        assertThat(tool.outputSchema()).isNull();
    }

    @Test
    void refusesSchemaThatIsNotJson() {
        ToolDescriptor broken = new ToolDescriptor("broken", null, "d", "{not json", null, ToolAnnotations.NONE);

        assertThatThrownBy(() -> mapper.toSdk(broken))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("input schema of tool 'broken'");
    }
}
