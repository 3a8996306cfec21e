package dev.switchboard.kernel.plugin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import com.google.inject.AbstractModule;
import com.google.inject.Guice;
import com.google.inject.Injector;
import com.google.inject.multibindings.Multibinder;

import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.tool.BuiltOnFirstCall;
import dev.switchboard.ports.tool.Tool;
import dev.switchboard.ports.tool.ToolAudience;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;
import dev.switchboard.ports.tool.ToolResult;

class BoundToolsTest {

    private static final Principal ROLE = new Principal("role:alice", Principal.Kind.CHANNEL_ROLE, Map.of());

    /** Counts the tools built, per injector. */
    static final class Builds {
        final AtomicInteger count = new AtomicInteger();
    }

    static final class Roles implements ToolAudience {
        @Inject
        Roles() {}

        @Override
        public boolean listedFor(Principal caller) {
            return caller.kind() == Principal.Kind.CHANNEL_ROLE;
        }

        @Override
        public String unlistedHint(Principal caller) {
            return "take a role";
        }
    }

    /** A tool that counts its builds and answers its name. */
    abstract static class CountedTool implements Tool {
        private final ToolDescriptor descriptor;

        CountedTool(ToolDescriptor descriptor, Builds builds) {
            this.descriptor = descriptor;
            builds.count.incrementAndGet();
        }

        @Override
        public ToolDescriptor descriptor() {
            return descriptor;
        }

        @Override
        public ToolResult call(ToolCall call) {
            return ToolResult.text(descriptor.name() + " ran");
        }
    }

    @BuiltOnFirstCall(listedTo = Roles.class)
    public static final class RoleTool extends CountedTool {
        public static final ToolDescriptor DESCRIPTOR =
                ToolDescriptor.builder("role_tool").description("A test tool.").build();

        @Inject
        RoleTool(Builds builds) {
            super(DESCRIPTOR, builds);
        }
    }

    @BuiltOnFirstCall
    public static final class OwnerTool extends CountedTool {
        public static final ToolDescriptor DESCRIPTOR =
                ToolDescriptor.builder("owner_tool").description("A test tool.").build();

        @Inject
        OwnerTool(Builds builds) {
            super(DESCRIPTOR, builds);
        }
    }

    public static class EagerTool implements Tool {
        @Inject
        EagerTool(Builds builds) {
            builds.count.incrementAndGet();
        }

        @Override
        public ToolDescriptor descriptor() {
            return ToolDescriptor.builder("eager_tool")
                    .description("A test tool.")
                    .build();
        }

        @Override
        public ToolResult call(ToolCall call) {
            return ToolResult.text("eager");
        }
    }

    @BuiltOnFirstCall
    public static final class WrongDescriptorTool implements Tool {
        public static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder("listed_name")
                .description("A test tool.")
                .build();

        @Inject
        WrongDescriptorTool() {}

        @Override
        public ToolDescriptor descriptor() {
            return ToolDescriptor.builder("other_name")
                    .description("A test tool.")
                    .build();
        }

        @Override
        public ToolResult call(ToolCall call) {
            return ToolResult.text("never");
        }
    }

    @BuiltOnFirstCall
    public static final class NoDescriptorTool extends EagerTool {
        @Inject
        NoDescriptorTool(Builds builds) {
            super(builds);
        }
    }

    @SafeVarargs
    private static Injector injector(Builds builds, Class<? extends Tool>... tools) {
        return Guice.createInjector(new AbstractModule() {
            @Override
            protected void configure() {
                bind(Builds.class).toInstance(builds);
                Multibinder<Tool> set = Multibinder.newSetBinder(binder(), Tool.class);
                for (Class<? extends Tool> tool : tools) {
                    set.addBinding().to(tool);
                }
            }
        });
    }

    @Test
    void markedToolsAreListedFromTheirDescriptorAndBuiltOnceOnTheirFirstCall() {
        Builds builds = new Builds();
        List<Tool> tools = BoundTools.in(injector(builds, RoleTool.class, EagerTool.class, OwnerTool.class));

        assertThat(tools)
                .extracting(tool -> tool.descriptor().name())
                .containsExactly("role_tool", "eager_tool", "owner_tool");
        assertThat(builds.count).as("only the unmarked tool is built at start").hasValue(1);

        Tool roleTool = tools.getFirst();
        assertThat(roleTool.call(ToolCall.detached("role_tool", Map.of(), ROLE)))
                .isEqualTo(ToolResult.text("role_tool ran"));
        assertThat(roleTool.call(ToolCall.detached("role_tool", Map.of(), ROLE)))
                .isEqualTo(ToolResult.text("role_tool ran"));
        assertThat(builds.count).hasValue(2);
    }

    @Test
    void aMarkedToolIsListedToItsAudienceOrByDefaultToTheOwner() {
        List<Tool> tools = BoundTools.in(injector(new Builds(), RoleTool.class, OwnerTool.class));
        Tool roleTool = tools.get(0);
        Tool ownerTool = tools.get(1);

        assertThat(roleTool.listedFor(ROLE)).isTrue();
        assertThat(roleTool.listedFor(Principal.LOCAL_OWNER)).isFalse();
        assertThat(roleTool.unlistedHint(Principal.LOCAL_OWNER)).isEqualTo("take a role");
        assertThat(ownerTool.listedFor(Principal.LOCAL_OWNER)).isTrue();
        assertThat(ownerTool.listedFor(ROLE)).isFalse();
        assertThat(ownerTool.unlistedHint(ROLE)).isNull();
    }

    @Test
    void aBuiltToolWhoseDescriptorIsNotItsConstantFailsItsCall() {
        Tool tool =
                BoundTools.in(injector(new Builds(), WrongDescriptorTool.class)).getFirst();

        assertThat(tool.descriptor().name()).isEqualTo("listed_name");
        assertThatThrownBy(() -> tool.call(ToolCall.detached("listed_name", Map.of(), Principal.LOCAL_OWNER)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("other_name");
    }

    @Test
    void aMarkedToolWithoutADescriptorConstantFailsTheStartNamingTheClass() {
        Injector injector = injector(new Builds(), NoDescriptorTool.class);

        assertThatThrownBy(() -> BoundTools.in(injector))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(NoDescriptorTool.class.getName())
                .hasMessageContaining("DESCRIPTOR");
    }
}
