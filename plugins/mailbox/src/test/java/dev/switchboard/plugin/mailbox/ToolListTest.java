package dev.switchboard.plugin.mailbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.inject.Binding;
import com.google.inject.Key;
import com.google.inject.TypeLiteral;
import com.google.inject.matcher.Matchers;
import com.google.inject.spi.LinkedKeyBinding;
import com.google.inject.spi.ProvisionListener;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.switchboard.kernel.plugin.BoundTools;
import dev.switchboard.plugin.mailbox.channel.adapter.in.tool.ChannelTool;
import dev.switchboard.plugin.mailbox.wait.domain.WaitBudget;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.tool.ErrorCode;
import dev.switchboard.ports.tool.Tool;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolCatalog;
import dev.switchboard.ports.tool.ToolDescriptor;
import dev.switchboard.ports.tool.ToolResult;

/**
 * ADR 18: the mailbox's tools are listed only to a session with a role; every one of them is a ChannelTool, listed by
 * the kernel before it is built and built on its first call (ADR 54), but the management tools (ADR 20). The
 * tools are those of the committed catalog ({@value #CATALOG}, which the distribution's {@code ToolCatalogIT} checks
 * against a running server), so no count is kept here: the catalog and the module's bindings are compared.
 */
class ToolListTest {

    private static final String CATALOG = "/META-INF/switchboard/tool-catalog.json";

    /** The owner token over HTTP: no role, so the channel tools are not listed to it and refuse it (FORBIDDEN). */
    private static final Principal OWNER_TOKEN = new Principal("owner", Principal.Kind.OWNER, Map.of());

    /** The committed catalog's entries, by tool name. */
    private static final Map<String, JsonNode> COMMITTED = committedCatalog();

    @TempDir
    Path dir;

    @Test
    @DisplayName("the module binds exactly the tools of the committed catalog, each with its committed title,"
            + " description and input schema (limits in descriptions come from the limit constants)")
    void theBoundToolsAreTheCommittedCatalog() {
        try (MailboxHarness backend = MailboxHarness.open("sqlite", dir, "backend")) {
            Set<Tool> tools = boundTools(backend);
            assertThat(tools)
                    .extracting(tool -> tool.descriptor().name())
                    .containsExactlyInAnyOrderElementsOf(COMMITTED.keySet());
            JsonMapper json = JsonMapper.shared();
            for (Tool tool : tools) {
                ToolDescriptor descriptor = tool.descriptor();
                JsonNode committed = COMMITTED.get(descriptor.name());
                assertThat(descriptor.title())
                        .as(descriptor.name())
                        .isEqualTo(committed.path("title").asString(null));
                assertThat(descriptor.description())
                        .as(descriptor.name())
                        .isEqualTo(committed.path("description").asString());
                assertThat(json.readTree(descriptor.inputSchema()))
                        .as(descriptor.name())
                        .isEqualTo(committed.path("inputSchema"));
            }
        }
    }

    @Test
    @DisplayName("every integer argument declares the minimum the tool reads it with, and each wait's timeout_s its 0"
            + " to 3600 seconds, so a refusal quotes the schema's range, not the 64-bit one")
    void integerArgumentsDeclareTheRangeTheToolsRead() {
        for (Map.Entry<String, JsonNode> tool : COMMITTED.entrySet()) {
            JsonNode properties = tool.getValue().path("inputSchema").path("properties");
            for (String name : properties.propertyNames()) {
                JsonNode property = properties.path(name);
                boolean integer = property.path("type").asString("").equals("integer")
                        || property.path("type")
                                .valueStream()
                                .anyMatch(type -> type.asString("").equals("integer"));
                if (integer) {
                    assertThat(property.has("minimum"))
                            .as("%s.%s declares a minimum: %s", tool.getKey(), name, property)
                            .isTrue();
                }
                if (name.equals("timeout_s")) {
                    assertThat(property.path("minimum").asLong(-1))
                            .as(tool.getKey())
                            .isZero();
                    assertThat(property.path("maximum").asLong(-1))
                            .as(tool.getKey())
                            .isEqualTo(WaitBudget.MAX_TIMEOUT_S);
                }
            }
        }
    }

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
            assertThat(channelTools).isNotEmpty();
            assertThat(without.tools()).noneMatch(tool -> without.listedFor(tool.name(), Principal.LOCAL_OWNER));
            assertThat(with.tools())
                    .filteredOn(tool -> channelTools.contains(tool.name()))
                    .allMatch(tool -> with.listedFor(tool.name(), Principal.LOCAL_OWNER))
                    .extracting(ToolDescriptor::name)
                    .containsExactlyInAnyOrderElementsOf(channelTools);
        }
    }

    @Test
    @DisplayName("every tool the module binds is a ChannelTool but the hosted management tools, and the read-only hint"
            + " is never on read_inbox")
    void everyBoundToolIsAChannelTool() {
        try (MailboxHarness backend = MailboxHarness.open("sqlite", dir, "backend")) {
            Set<Tool> tools = boundTools(backend);
            Set<Tool> channel =
                    tools.stream().filter(tool -> !isManagementTool(tool)).collect(Collectors.toSet());
            assertThat(channel).isNotEmpty().allMatch(tool -> tool instanceof ChannelTool);
            assertThat(tools).filteredOn(ToolListTest::isManagementTool).noneMatch(tool -> tool instanceof ChannelTool);
            ToolDescriptor readInbox = backend.bed().tools().find("read_inbox").orElseThrow();
            assertThat(readInbox.annotations().readOnlyHint()).isFalse();
        }
    }

    @Test
    @DisplayName(
            "every channel tool is listed from its class's descriptor constant before it is built, and the kernel's"
                    + " bound tool builds it once, on its first call, answering that descriptor; the management tools are"
                    + " built at start")
    void everyChannelToolIsListedBeforeItIsBuiltAndBuiltOnceOnItsFirstCall() throws ReflectiveOperationException {
        Map<Class<?>, Integer> builds = new ConcurrentHashMap<>();
        ProvisionListener counter = new ProvisionListener() {
            @Override
            public <T> void onProvision(ProvisionInvocation<T> provision) {
                Class<?> type = provision.getBinding().getKey().getTypeLiteral().getRawType();
                if (Tool.class.isAssignableFrom(type) && !Modifier.isAbstract(type.getModifiers())) {
                    builds.merge(type, 1, Integer::sum);
                }
            }
        };
        try (MailboxHarness backend = MailboxHarness.builder("sqlite", dir)
                .override(binder -> binder.bindListener(Matchers.any(), counter))
                .open("backend")) {
            Map<Class<?>, ToolDescriptor> channel = new LinkedHashMap<>();
            Set<Class<?>> management = new HashSet<>();
            for (Binding<Tool> element : backend.injector().findBindingsByType(TypeLiteral.get(Tool.class))) {
                Class<?> type = ((LinkedKeyBinding<Tool>) element)
                        .getLinkedKey()
                        .getTypeLiteral()
                        .getRawType();
                if (ChannelTool.class.isAssignableFrom(type)) {
                    channel.put(
                            type, (ToolDescriptor) type.getField("DESCRIPTOR").get(null));
                } else {
                    management.add(type);
                }
            }
            assertThat(channel).isNotEmpty();
            assertThat(management).isNotEmpty();

            ToolCatalog catalog = backend.bed().tools();
            for (ToolDescriptor descriptor : channel.values()) {
                assertThat(catalog.find(descriptor.name()))
                        .as(descriptor.name())
                        .containsSame(descriptor);
                assertThat(catalog.listedFor(descriptor.name(), Principal.LOCAL_OWNER))
                        .as(descriptor.name())
                        .isTrue();
                assertThat(catalog.listedFor(descriptor.name(), OWNER_TOKEN))
                        .as(descriptor.name())
                        .isFalse();
            }
            assertThat(builds.keySet())
                    .as("the tools built by the start and the listing")
                    .containsExactlyInAnyOrderElementsOf(management);

            for (Tool tool : BoundTools.in(backend.injector())) {
                if (!channel.containsValue(tool.descriptor())) {
                    continue;
                }
                ToolCall call = ToolCall.detached(tool.descriptor().name(), Map.of(), OWNER_TOKEN);
                assertThat(tool.call(call))
                        .isInstanceOfSatisfying(
                                ToolResult.Failure.class,
                                failure -> assertThat(failure.code()).isEqualTo(ErrorCode.FORBIDDEN));
                assertThat(tool.call(call)).isInstanceOf(ToolResult.Failure.class);
            }
            for (Class<?> type : channel.keySet()) {
                assertThat(builds.get(type)).as(type.getSimpleName()).isEqualTo(1);
            }
        }
    }

    private static Set<Tool> boundTools(MailboxHarness harness) {
        return harness.injector().getInstance(Key.get(new TypeLiteral<Set<Tool>>() {}));
    }

    /** The hosted channels' management tools, listed to the owner token only (ADR 20). */
    private static boolean isManagementTool(Tool tool) {
        return tool.getClass().getPackageName().endsWith(".hosted.adapter.in.tool");
    }

    private static Set<String> channelToolNames(MailboxHarness harness) {
        return boundTools(harness).stream()
                .filter(tool -> tool instanceof ChannelTool)
                .map(tool -> tool.descriptor().name())
                .collect(Collectors.toSet());
    }

    private static Map<String, JsonNode> committedCatalog() {
        try (InputStream in = ToolListTest.class.getResourceAsStream(CATALOG)) {
            assertThat(in).as(CATALOG).isNotNull();
            Map<String, JsonNode> byName = new LinkedHashMap<>();
            JsonMapper.shared()
                    .readTree(in)
                    .forEach(tool -> byName.put(tool.path("name").asString(), tool));
            return byName;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
