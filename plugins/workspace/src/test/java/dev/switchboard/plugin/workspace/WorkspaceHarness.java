package dev.switchboard.plugin.workspace;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import com.google.inject.Guice;
import com.google.inject.Injector;

import dev.switchboard.kernel.exec.DefaultProcessExecutor;
import dev.switchboard.kernel.plugin.BoundTools;
import dev.switchboard.kernel.tools.ArgumentValidator;
import dev.switchboard.kernel.tools.KernelToolInvoker;
import dev.switchboard.kernel.tools.ToolRegistry;
import dev.switchboard.plugin.storage.sqlite.SqliteStorageProvider;
import dev.switchboard.plugin.workspace.adapter.in.lifecycle.WorkspaceLifecycle;
import dev.switchboard.plugin.workspace.adapter.out.persistence.WorkspaceMigrations;
import dev.switchboard.ports.call.Cancellation;
import dev.switchboard.ports.call.ClientRequests;
import dev.switchboard.ports.call.LogSink;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.call.ProgressReporter;
import dev.switchboard.ports.content.Content;
import dev.switchboard.ports.exec.ProcessExecutor;
import dev.switchboard.ports.plugin.PluginContext;
import dev.switchboard.ports.storage.SqlStorage;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolResult;

/**
 * The workspace plugin wired as the kernel wires it: the storage-sqlite provider on {@code <state>/switchboard.db}
 * migrated with {@link WorkspaceMigrations}, an injector from {@link WorkspaceModule} plus the kernel's storage,
 * process executor and plugin context (with {@code home} set to a test directory), and the tools in the kernel's own
 * registry, so every call is validated against its schema first.
 */
final class WorkspaceHarness implements AutoCloseable {

    private final SqliteStorageProvider provider;
    private final KernelToolInvoker invoker;
    private final ToolRegistry registry;
    private final Injector injector;

    WorkspaceHarness(Path state, Path home) {
        this(state, home, new DefaultProcessExecutor());
    }

    /** With another process executor, such as one that records what it was asked to run. */
    WorkspaceHarness(Path state, Path home, ProcessExecutor executor) {
        this(state, home, executor, Map.of());
    }

    /** With further settings of {@code plugins.workspace}, such as {@code roots}. */
    WorkspaceHarness(Path state, Path home, Map<String, Object> settings) {
        this(state, home, new DefaultProcessExecutor(), settings);
    }

    private WorkspaceHarness(Path state, Path home, ProcessExecutor executor, Map<String, Object> settings) {
        this.provider = new SqliteStorageProvider(new PluginContext("storage-sqlite",
                Map.of("path", state.resolve("switchboard.db").toString()), state));
        SqlStorage storage = provider.open();
        WorkspaceMigrations migrations = new WorkspaceMigrations();
        storage.migrate(migrations.owner(), migrations.migrations());
        Map<String, Object> config = new HashMap<>(settings);
        config.put("home", home.toString());
        PluginContext context = new PluginContext("workspace", config, state);
        this.injector = Guice.createInjector(new WorkspaceModule(), binder -> {
            binder.bind(SqlStorage.class).toInstance(storage);
            binder.bind(ProcessExecutor.class).toInstance(executor);
            binder.bind(PluginContext.class).toInstance(context);
        });
        ArgumentValidator validator = new ArgumentValidator();
        this.registry = new ToolRegistry(validator);
        registry.register("workspace", "", BoundTools.in(injector));
        this.invoker = new KernelToolInvoker(registry, validator);
    }

    ToolRegistry registry() {
        return registry;
    }

    Injector injector() {
        return injector;
    }

    /** @return the plugin's {@link dev.switchboard.ports.plugin.ManagedService}, as the kernel would get it */
    WorkspaceLifecycle lifecycle() {
        return injector.getInstance(WorkspaceLifecycle.class);
    }

    ToolResult call(String tool, Map<String, Object> arguments) {
        return invoker.invoke(ToolCall.detached(tool, arguments, Principal.LOCAL_OWNER));
    }

    /** Calls a tool with a cancellation signal, as a client session would. */
    ToolResult call(String tool, Map<String, Object> arguments, Cancellation cancellation) {
        return invoker.invoke(new ToolCall(tool, arguments, Principal.LOCAL_OWNER, "test", Map.of(), cancellation,
                ProgressReporter.NONE, LogSink.NONE, ClientRequests.NONE));
    }

    /** Calls a tool that must succeed; checks the text is also {@code structuredContent.output}. */
    Map<String, Object> ok(String tool, Map<String, Object> arguments) {
        ToolResult result = call(tool, arguments);
        assertThat(result).as("%s %s -> %s", tool, arguments, result).isInstanceOf(ToolResult.Success.class);
        ToolResult.Success success = (ToolResult.Success) result;
        assertThat(success.structuredContent()).containsEntry("output", text(success));
        return success.structuredContent();
    }

    /** Calls a tool that must fail with {@code code}. */
    ToolResult.Failure refused(String tool, Map<String, Object> arguments, String code) {
        ToolResult result = call(tool, arguments);
        assertThat(result).as("%s %s -> %s", tool, arguments, result).isInstanceOf(ToolResult.Failure.class);
        ToolResult.Failure failure = (ToolResult.Failure) result;
        assertThat(failure.code().value()).as(failure.message()).isEqualTo(code);
        return failure;
    }

    /** @return the id of a new workspace on {@code cwd} */
    String open(Path cwd) {
        return (String) ok("workspace_open", Map.of("cwd", cwd.toString())).get("workspace_id");
    }

    static String text(ToolResult.Success success) {
        return ((Content.Text) success.content().getFirst()).text();
    }

    static Map<String, Object> args(Object... pairs) {
        Map<String, Object> map = new HashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            map.put((String) pairs[i], pairs[i + 1]);
        }
        return map;
    }

    @Override
    public void close() {
        provider.close();
    }
}
