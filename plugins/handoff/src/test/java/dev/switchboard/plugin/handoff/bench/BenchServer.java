package dev.switchboard.plugin.handoff.bench;

import java.nio.file.Path;
import java.util.Map;

import com.google.inject.Guice;
import com.google.inject.Injector;

import dev.switchboard.kernel.plugin.BoundTools;
import dev.switchboard.kernel.secrets.DefaultSecretScanner;
import dev.switchboard.kernel.tools.ArgumentValidator;
import dev.switchboard.kernel.tools.KernelToolInvoker;
import dev.switchboard.kernel.tools.ToolRegistry;
import dev.switchboard.plugin.handoff.HandoffModule;
import dev.switchboard.plugin.handoff.adapter.out.persistence.HandoffMigrations;
import dev.switchboard.plugin.storage.sqlite.SqliteStorageProvider;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.plugin.PluginContext;
import dev.switchboard.ports.secrets.SecretScanner;
import dev.switchboard.ports.storage.SqlStorage;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolResult;

/**
 * The handoff plugin as the kernel runs it, minus the MCP transport: the storage-sqlite provider on
 * {@code <dir>/handoff.db} (WAL, {@code synchronous=FULL}), the handoff migrations, the unmodified
 * {@link HandoffModule} (real clock) with the kernel's secret scanner, and the tools in the kernel's registry, called
 * through the kernel's invoker (schema validation, then the handler). Not thread-safe to close while calls run.
 */
final class BenchServer implements AutoCloseable {

    private final SqliteStorageProvider provider;
    private final SqlStorage storage;
    private final KernelToolInvoker invoker;

    BenchServer(Path dir) {
        this.provider = new SqliteStorageProvider(new PluginContext("storage-sqlite",
                Map.of("path", dir.resolve("handoff.db").toString()), dir));
        this.storage = provider.open();
        HandoffMigrations migrations = new HandoffMigrations();
        storage.migrate(migrations.owner(), migrations.migrations());
        PluginContext context = new PluginContext("handoff", Map.of(), dir);
        Injector injector = Guice.createInjector(new HandoffModule(), binder -> {
            binder.bind(SqlStorage.class).toInstance(storage);
            binder.bind(SecretScanner.class).toInstance(new DefaultSecretScanner());
            binder.bind(PluginContext.class).toInstance(context);
        });
        ArgumentValidator validator = new ArgumentValidator();
        ToolRegistry registry = new ToolRegistry(validator);
        registry.register("handoff", "", BoundTools.in(injector));
        this.invoker = new KernelToolInvoker(registry, validator);
    }

    SqlStorage storage() {
        return storage;
    }

    /**
     * @return the structured content of a successful call
     * @throws IllegalStateException if the tool refused the call
     */
    Map<String, Object> call(String tool, Map<String, Object> arguments) {
        ToolResult result = invoker.invoke(ToolCall.detached(tool, arguments, Principal.LOCAL_OWNER));
        if (result instanceof ToolResult.Success success) {
            return success.structuredContent();
        }
        ToolResult.Failure failure = (ToolResult.Failure) result;
        throw new IllegalStateException(tool + " failed: " + failure.code().value() + " " + failure.message());
    }

    @Override
    public void close() {
        provider.close();
    }
}
