package dev.switchboard.bridge.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.modelcontextprotocol.spec.McpSchema;

class ElicitationWireTest {

    @Test
    void formElicitationRequestSerialisesWithOneModeProperty() throws Exception {
        McpSchema.ElicitRequest request = McpSchema.ElicitFormRequest.builder(
                        "Who are you?",
                        Map.of("type", "object", "properties", Map.of("username", Map.of("type", "string"))))
                .build();

        String json = new String(McpServerAssembly.jsonMapper().writeValueAsBytes(request), StandardCharsets.UTF_8);

        assertThat(json).contains("\"message\":\"Who are you?\"").contains("\"requestedSchema\"");
        assertThat(json.split("\"mode\"", -1)).hasSizeLessThanOrEqualTo(2);
    }
}
