package dev.switchboard.kernel.tools;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.tool.Tool;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;
import dev.switchboard.ports.tool.ToolResult;

/** ADR 18: the catalog asks each tool whether it is listed to a caller. */
class ToolListingTest {

    private static final Principal ROLE = new Principal("t1", Principal.Kind.CHANNEL_ROLE, Map.of("role", "backend"));

    @Test
    void eachToolDecidesWhoItIsListedToAndOneThatThrowsIsListed() {
        ToolRegistry registry = new ToolRegistry(new ArgumentValidator());
        registry.register(
                "demo",
                "",
                List.of(
                        tool("everyone", caller -> true),
                        tool("roles_only", caller -> caller.kind() == Principal.Kind.CHANNEL_ROLE),
                        tool("broken", caller -> {
                            throw new IllegalStateException("defect");
                        })));
        ServedToolCatalog catalog = new ServedToolCatalog(registry, new FailedPluginTools());

        assertThat(catalog.listedFor("everyone", Principal.LOCAL_OWNER)).isTrue();
        assertThat(catalog.listedFor("roles_only", Principal.LOCAL_OWNER)).isFalse();
        assertThat(catalog.listedFor("roles_only", ROLE)).isTrue();
        assertThat(catalog.listedFor("broken", Principal.LOCAL_OWNER)).isTrue();
        assertThat(catalog.listedFor("unknown", Principal.LOCAL_OWNER)).isTrue();
    }

    private static Tool tool(String name, java.util.function.Predicate<Principal> listed) {
        ToolDescriptor descriptor = ToolDescriptor.builder(name)
                .description("a test tool")
                .inputSchema(ToolDescriptor.NO_ARGUMENTS)
                .annotations(ToolAnnotations.readOnly())
                .build();
        return new Tool() {
            @Override
            public ToolDescriptor descriptor() {
                return descriptor;
            }

            @Override
            public ToolResult call(ToolCall call) {
                return ToolResult.text(name);
            }

            @Override
            public boolean listedFor(Principal caller) {
                return listed.test(caller);
            }
        };
    }
}
