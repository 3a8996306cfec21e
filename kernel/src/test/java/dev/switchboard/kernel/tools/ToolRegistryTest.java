package dev.switchboard.kernel.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolDescriptor;
import dev.switchboard.ports.tool.ToolResult;

class ToolRegistryTest {

    private final ToolRegistry registry = new ToolRegistry(new ArgumentValidator());

    @Test
    void listsRegisteredToolsSortedByName() {
        registry.register("b-plugin", "", List.of(FakeTool.named("zeta", c -> ToolResult.text("z"))));
        registry.register("a-plugin", "", List.of(FakeTool.named("alpha", c -> ToolResult.text("a"))));

        assertThat(registry.tools()).extracting(ToolDescriptor::name).containsExactly("alpha", "zeta");
        assertThat(registry.find("alpha")).isPresent();
        assertThat(registry.find("missing")).isEmpty();
    }

    @Test
    void collisionNamesBothPluginsAndRegistersNothingOfTheSecond() {
        registry.register("handoff", "", List.of(FakeTool.named("read", c -> ToolResult.text("1"))));

        assertThatThrownBy(() -> registry.register(
                        "workspace",
                        "",
                        List.of(
                                FakeTool.named("write", c -> ToolResult.text("2")),
                                FakeTool.named("read", c -> ToolResult.text("3")))))
                .isInstanceOf(ToolNameCollisionException.class)
                .hasMessageContaining("'read'")
                .hasMessageContaining("'handoff'")
                .hasMessageContaining("'workspace'");
        assertThat(registry.tools()).extracting(ToolDescriptor::name).containsExactly("read");
    }

    @Test
    void operatorPrefixResolvesACollision() {
        registry.register("handoff", "", List.of(FakeTool.named("read", c -> ToolResult.text("1"))));

        List<String> names =
                registry.register("workspace", "ws_", List.of(FakeTool.named("read", c -> ToolResult.text("2"))));

        assertThat(names).containsExactly("ws_read");
        assertThat(registry.namesOf("workspace")).containsExactly("ws_read");
    }

    @Test
    void unregisterWithdrawsOnlyThatPluginsTools() {
        registry.register("one", "", List.of(FakeTool.named("first", c -> ToolResult.text("1"))));
        registry.register("two", "", List.of(FakeTool.named("second", c -> ToolResult.text("2"))));

        registry.unregister("one");

        assertThat(registry.tools()).extracting(ToolDescriptor::name).containsExactly("second");
    }

    @Test
    void refusesToolNamesOutsideThePortablePattern() {
        assertThatThrownBy(() -> new ToolDescriptor("Read.File", null, "d", "{}", null, ToolAnnotations.NONE))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("^[a-z][a-z0-9_]{0,63}$");
        assertThatThrownBy(() -> new ToolDescriptor("a".repeat(65), null, "d", "{}", null, ToolAnnotations.NONE))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void refusesAPrefixThatMakesAnInvalidName() {
        assertThatThrownBy(() ->
                        registry.register("p", "X-", List.of(FakeTool.named("read", c -> ToolResult.text("1")))))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(registry.tools()).isEmpty();
    }

    @Test
    void refusesAnInputSchemaThatIsNotAnObjectSchema() {
        FakeTool bad = new FakeTool(
                new ToolDescriptor("bad", null, "d", "{\"type\": \"string\"}", null, ToolAnnotations.NONE),
                c -> ToolResult.text("x"));

        assertThatThrownBy(() -> registry.register("p", "", List.of(bad)))
                .isInstanceOf(InvalidToolSchemaException.class)
                .hasMessageContaining("'bad'");
    }

    @Test
    void refusesInputSchemasThatAreNotOneJsonObjectWithTopLevelTypeObject() {
        for (String schema : List.of(
                "{\"type\": \"object\"",
                "{\"type\": \"object\"} {}",
                "[]",
                "{\"properties\": {\"a\": {\"type\": \"object\"}}, \"type\": \"array\"}",
                "{\"properties\": {\"type\": {\"type\": \"object\"}}}")) {
            FakeTool bad = new FakeTool(
                    new ToolDescriptor("bad", null, "d", schema, null, ToolAnnotations.NONE),
                    c -> ToolResult.text("x"));

            assertThatThrownBy(() -> registry.register("p", "", List.of(bad)))
                    .as(schema)
                    .isInstanceOf(InvalidToolSchemaException.class)
                    .hasMessageContaining("'bad'");
        }
        assertThat(registry.tools()).isEmpty();
    }
}
