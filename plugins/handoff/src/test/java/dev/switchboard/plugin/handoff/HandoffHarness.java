package dev.switchboard.plugin.handoff;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.google.inject.Guice;
import com.google.inject.Injector;
import com.google.inject.util.Modules;

import dev.switchboard.kernel.plugin.BoundTools;
import dev.switchboard.kernel.secrets.DefaultSecretScanner;
import dev.switchboard.kernel.tools.ArgumentValidator;
import dev.switchboard.kernel.tools.KernelToolInvoker;
import dev.switchboard.kernel.tools.ToolRegistry;
import dev.switchboard.plugin.handoff.adapter.out.persistence.HandoffMigrations;
import dev.switchboard.plugin.storage.sqlite.SqliteStorageProvider;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.content.Content;
import dev.switchboard.ports.plugin.PluginContext;
import dev.switchboard.ports.secrets.SecretScanner;
import dev.switchboard.ports.storage.SqlStorage;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolResult;

/**
 * The handoff plugin wired as the kernel wires it, on a real SQLite file: the storage-sqlite provider opened on
 * {@code <dir>/handoff.db} and migrated with {@link HandoffMigrations}, an injector built from {@link HandoffModule}
 * (with a hand-set clock) plus the kernel's services, and the tools registered in the kernel's own registry, so that
 * every call is validated against its schema by the kernel's invoker before it runs.
 */
final class HandoffHarness implements AutoCloseable {

    static final Instant START = Instant.parse("2026-05-01T09:00:00.000Z");

    private final SqliteStorageProvider provider;
    private final SqlStorage storage;
    private final Injector injector;
    private final KernelToolInvoker invoker;
    private final ToolRegistry registry;
    private final MutableClock clock;

    private HandoffHarness(Path dir, Map<String, Object> settings, MutableClock clock, int busyTimeoutMs) {
        this.clock = clock;
        this.provider = new SqliteStorageProvider(new PluginContext("storage-sqlite",
                Map.of("path", dir.resolve("handoff.db").toString(), "busy-timeout-ms", busyTimeoutMs), dir));
        this.storage = provider.open();
        HandoffMigrations migrations = new HandoffMigrations();
        storage.migrate(migrations.owner(), migrations.migrations());
        PluginContext context = new PluginContext("handoff", settings, dir);
        this.injector = Guice.createInjector(
                Modules.override(new HandoffModule()).with(binder -> binder.bind(Clock.class).toInstance(clock)),
                binder -> {
                    binder.bind(SqlStorage.class).toInstance(storage);
                    binder.bind(SecretScanner.class).toInstance(new DefaultSecretScanner());
                    binder.bind(PluginContext.class).toInstance(context);
                });
        ArgumentValidator validator = new ArgumentValidator();
        this.registry = new ToolRegistry(validator);
        registry.register("handoff", "", BoundTools.in(injector));
        this.invoker = new KernelToolInvoker(registry, validator);
    }

    /** @return the plugin on a database in {@code dir}, default settings, the clock at {@link #START} */
    static HandoffHarness open(Path dir) {
        return open(dir, Map.of());
    }

    /** @return the plugin with the given {@code plugins.handoff} settings */
    static HandoffHarness open(Path dir, Map<String, Object> settings) {
        return new HandoffHarness(dir, settings, new MutableClock(START), 5000);
    }

    /** @return the plugin with default settings on a storage whose SQLite busy timeout is {@code busyTimeoutMs} */
    static HandoffHarness withBusyTimeout(Path dir, int busyTimeoutMs) {
        return new HandoffHarness(dir, Map.of(), new MutableClock(START), busyTimeoutMs);
    }

    MutableClock clock() {
        return clock;
    }

    SqlStorage storage() {
        return storage;
    }

    Injector injector() {
        return injector;
    }

    ToolRegistry registry() {
        return registry;
    }

    Path databaseFile() {
        return Path.of(storage.location());
    }

    /** Calls a tool through the kernel's invoker: schema validation first, then the handler. */
    ToolResult call(String tool, Map<String, Object> arguments) {
        return invoker.invoke(ToolCall.detached(tool, arguments, Principal.LOCAL_OWNER));
    }

    /** Calls a tool that must succeed, and returns its structured content. */
    Map<String, Object> ok(String tool, Map<String, Object> arguments) {
        ToolResult result = call(tool, arguments);
        assertThat(result).as("%s %s", tool, arguments).isInstanceOf(ToolResult.Success.class);
        return ((ToolResult.Success) result).structuredContent();
    }

    /** Calls a tool that must succeed, and returns its text. */
    String text(String tool, Map<String, Object> arguments) {
        ToolResult result = call(tool, arguments);
        assertThat(result).as("%s %s", tool, arguments).isInstanceOf(ToolResult.Success.class);
        return ((Content.Text) ((ToolResult.Success) result).content().getFirst()).text();
    }

    /** Calls a tool that must fail with {@code code}, and returns the failure. */
    ToolResult.Failure refused(String tool, Map<String, Object> arguments, String code) {
        ToolResult result = call(tool, arguments);
        assertThat(result).as("%s %s", tool, arguments).isInstanceOf(ToolResult.Failure.class);
        ToolResult.Failure failure = (ToolResult.Failure) result;
        assertThat(failure.code().value()).as(failure.message()).isEqualTo(code);
        return failure;
    }

    /** Registers a project and returns its canonical key. */
    String register(String project) {
        return (String) ok("frontispice_register_project", Map.of("project", project)).get("project");
    }

    /** Publishes a handoff with the given title and content plus required defaults; returns the receipt. */
    Map<String, Object> publish(String project, String title, String content) {
        return publish(Map.of("project", project, "title", title, "summary", "About " + title, "content", content));
    }

    /** Publishes with the given arguments; returns the receipt. */
    @SuppressWarnings("unchecked")
    Map<String, Object> publish(Map<String, Object> arguments) {
        Map<String, Object> result = ok("frontispice_publish_handoff", arguments);
        assertThat(result).containsEntry("delivery_status", "committed");
        return (Map<String, Object>) result.get("receipt");
    }

    /** @return the sequences {@code frontispice_list_updates} returns */
    @SuppressWarnings("unchecked")
    List<Long> pendingSequences(String project, String consumer, int limit) {
        Map<String, Object> result = ok("frontispice_list_updates",
                Map.of("project", project, "consumer", consumer, "limit", limit));
        return ((List<Map<String, Object>>) result.get("updates")).stream()
                .map(update -> ((Number) update.get("sequence")).longValue()).toList();
    }

    /** @return a mutable copy of {@code base} with {@code key} set to {@code value} */
    static Map<String, Object> with(Map<String, Object> base, String key, Object value) {
        Map<String, Object> copy = new HashMap<>(base);
        copy.put(key, value);
        return copy;
    }

    @Override
    public void close() {
        provider.close();
    }
}
