package dev.switchboard.plugin.mailbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Set;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.inject.Key;
import com.google.inject.TypeLiteral;

import dev.switchboard.plugin.mailbox.channel.adapter.in.tool.ChannelTool;
import dev.switchboard.plugin.mailbox.channel.adapter.in.tool.DeferredTool;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.tool.Tool;
import dev.switchboard.ports.tool.ToolCatalog;
import dev.switchboard.ports.tool.ToolDescriptor;

/** ADR 18: the mailbox's tools are listed only to a session with a role; every one of them is a ChannelTool. */
class ToolListTest {

    @TempDir
    Path dir;

    @Test
    @DisplayName("a stdio session without a role lists no mailbox tool; with a role it lists all of them")
    void toolsAreListedOnlyWithARole() {
        try (MailboxHarness nobody =
                        MailboxHarness.builder("sqlite", dir.resolve("a")).open(null);
                MailboxHarness backend = MailboxHarness.open("sqlite", dir.resolve("b"), "backend")) {
            ToolCatalog without = nobody.bed().tools();
            ToolCatalog with = backend.bed().tools();
            assertThat(without.tools()).isNotEmpty();
            Set<String> channelTools = channelToolNames(backend);
            assertThat(without.tools()).noneMatch(tool -> without.listedFor(tool.name(), Principal.LOCAL_OWNER));
            assertThat(with.tools())
                    .filteredOn(tool -> channelTools.contains(tool.name()))
                    .hasSize(34)
                    .allMatch(tool -> with.listedFor(tool.name(), Principal.LOCAL_OWNER));
        }
    }

    @Test
    @DisplayName("every tool the module binds is a ChannelTool but the hosted management tools, and the read-only hint"
            + " is never on read_inbox")
    void everyBoundToolIsAChannelTool() {
        try (MailboxHarness backend = MailboxHarness.open("sqlite", dir, "backend")) {
            Set<Tool> tools = backend.injector().getInstance(Key.get(new TypeLiteral<Set<Tool>>() {}));
            assertThat(tools)
                    .filteredOn(tool -> !tool.getClass().getPackageName().endsWith(".hosted.adapter.in.tool"))
                    .hasSize(34)
                    .allMatch(tool -> tool instanceof ChannelTool);
            ToolDescriptor readInbox = backend.bed().tools().find("read_inbox").orElseThrow();
            assertThat(readInbox.annotations().readOnlyHint()).isFalse();
        }
    }

    @Test
    @DisplayName("every channel tool is listed from its class's descriptor before it is built, and builds on first use"
            + " with it")
    void everyToolIsDeferredAndBuildsWithItsOwnDescriptor() {
        try (MailboxHarness backend = MailboxHarness.open("sqlite", dir, "backend")) {
            Set<Tool> tools = backend.injector().getInstance(Key.get(new TypeLiteral<Set<Tool>>() {}));
            assertThat(tools)
                    .filteredOn(tool -> !tool.getClass().getPackageName().endsWith(".hosted.adapter.in.tool"))
                    .hasSize(34)
                    .allMatch(tool -> tool instanceof DeferredTool);
            for (Tool tool : tools) {
                if (!(tool instanceof DeferredTool deferred)) {
                    continue;
                }
                Tool built = deferred.tool();
                assertThat(built).isNotInstanceOf(DeferredTool.class);
                assertThat(built.descriptor()).isSameAs(tool.descriptor());
                assertThat(deferred.tool()).isSameAs(built);
            }
        }
    }

    private static Set<String> channelToolNames(MailboxHarness harness) {
        Set<Tool> tools = harness.injector().getInstance(Key.get(new TypeLiteral<Set<Tool>>() {}));
        return tools.stream()
                .filter(tool -> tool instanceof ChannelTool)
                .map(tool -> tool.descriptor().name())
                .collect(java.util.stream.Collectors.toSet());
    }
}
