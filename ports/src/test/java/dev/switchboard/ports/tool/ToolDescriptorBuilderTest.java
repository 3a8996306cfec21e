package dev.switchboard.ports.tool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ToolDescriptorBuilderTest {

    @Test
    void theBuilderSetsEachPartByName() {
        ToolDescriptor tool = ToolDescriptor.builder("notes_add")
                .title("Add a note")
                .description("Stores a note.")
                .inputSchema("{\"type\": \"object\"}")
                .outputSchema("{\"type\": \"object\"}")
                .annotations(ToolAnnotations.writes().idempotent())
                .build();

        assertThat(tool)
                .isEqualTo(new ToolDescriptor(
                        "notes_add",
                        "Add a note",
                        "Stores a note.",
                        "{\"type\": \"object\"}",
                        "{\"type\": \"object\"}",
                        new ToolAnnotations(false, false, true, false)));
    }

    @Test
    void unsetPartsDefaultToNoTitleNoArgumentsNoOutputSchemaAndNoHints() {
        ToolDescriptor tool =
                ToolDescriptor.builder("ping").description("Answers.").build();

        assertThat(tool.title()).isNull();
        assertThat(tool.inputSchema()).isEqualTo(ToolDescriptor.NO_ARGUMENTS);
        assertThat(tool.outputSchema()).isNull();
        assertThat(tool.annotations()).isEqualTo(ToolAnnotations.NONE);
    }

    @Test
    void aDescriptorWithoutDescriptionOrWithABadNameIsRefused() {
        assertThatThrownBy(() -> ToolDescriptor.builder("ping").build())
                .isInstanceOf(NullPointerException.class)
                .hasMessage("description");
        assertThatThrownBy(
                        () -> ToolDescriptor.builder("Ping.Me").description("x").build())
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void namedAnnotationsStateEachHint() {
        assertThat(ToolAnnotations.readOnly()).isEqualTo(new ToolAnnotations(true, false, true, false));
        assertThat(ToolAnnotations.readOnly().notIdempotent())
                .isEqualTo(new ToolAnnotations(true, false, false, false));
        assertThat(ToolAnnotations.writes()).isEqualTo(new ToolAnnotations(false, false, false, false));
        assertThat(ToolAnnotations.writes().destructive().openWorld())
                .isEqualTo(new ToolAnnotations(false, true, false, true));
    }
}
