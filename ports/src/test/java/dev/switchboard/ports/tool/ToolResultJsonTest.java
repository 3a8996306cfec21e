package dev.switchboard.ports.tool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.switchboard.ports.content.Content;

/** A result whose text is its structured content's JSON carries that text with the object, once when large. */
class ToolResultJsonTest {

    @Test
    void aShortAnswerCarriesItsObjectWithTheTextItWasWrittenAs() {
        Map<String, Object> object = new LinkedHashMap<>();
        object.put("count", 2);
        object.put("names", List.of("a", "b"));
        String json = "{\"count\":2,\"names\":[\"a\",\"b\"]}";

        ToolResult.Success success = (ToolResult.Success) ToolResult.json(json, object);

        assertThat(success.content()).containsExactly(Content.text(json));
        assertThat(success.structuredContent())
                .isEqualTo(object)
                .isInstanceOfSatisfying(
                        SerializedJson.class,
                        written -> assertThat(written.json()).isEqualTo(json));
        assertThat(success.structuredContent().hashCode()).isEqualTo(object.hashCode());
        assertThatThrownBy(() -> success.structuredContent().put("count", 3))
                .isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void aLongAnswerIsItsTextAlone() {
        String json = "{\"text\":\"" + "x".repeat(ToolResult.STRUCTURED_COPY_MAX_CHARS) + "\"}";

        ToolResult.Success success = (ToolResult.Success) ToolResult.json(json, Map.of("text", "x"));

        assertThat(success.content()).containsExactly(Content.text(json));
        assertThat(success.structuredContent()).isNull();
    }
}
