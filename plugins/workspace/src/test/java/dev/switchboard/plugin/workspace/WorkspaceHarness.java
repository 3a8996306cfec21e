package dev.switchboard.plugin.workspace;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import com.google.inject.Injector;
import com.google.inject.Module;

import dev.switchboard.plugin.workspace.adapter.in.lifecycle.WorkspaceLifecycle;
import dev.switchboard.plugin.workspace.application.WorkspaceShutdown;
import dev.switchboard.ports.call.Cancellation;
import dev.switchboard.ports.call.ClientRequests;
import dev.switchboard.ports.call.LogSink;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.call.ProgressReporter;
import dev.switchboard.ports.exec.ProcessExecutor;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolCatalog;
import dev.switchboard.ports.tool.ToolResult;
import dev.switchboard.testkit.PluginTestBed;
import dev.switchboard.testkit.ToolResults;

/**
 * The workspace plugin on the testkit's {@link PluginTestBed} (wired by the kernel on {@code <state>/switchboard.db}
 * or on a {@link ReceiptDatabase} of either backend,
 * with the kernel's process executor unless a test gives another, calls validated by the kernel's invoker), its
 * {@code home} setting a test directory. The plugin's managed service is left for the tests to start and stop.
 */
final class WorkspaceHarness implements AutoCloseable {

    private final PluginTestBed bed;

    WorkspaceHarness(Path state, Path home) {
        this(ReceiptDatabase.of(ReceiptDatabase.SQLITE, state), home);
    }

    /** On a receipt database of either backend, shared with the test's other harnesses on it. */
    WorkspaceHarness(ReceiptDatabase database, Path home) {
        this(database, home, binder -> {}, Map.of());
    }

    /** With another process executor, such as one that records what it was asked to run. */
    WorkspaceHarness(Path state, Path home, ProcessExecutor executor) {
        this(
                ReceiptDatabase.of(ReceiptDatabase.SQLITE, state),
                home,
                binder -> binder.bind(ProcessExecutor.class).toInstance(executor),
                Map.of());
    }

    /** With further settings of {@code plugins.workspace}, such as {@code roots}. */
    WorkspaceHarness(Path state, Path home, Map<String, Object> settings) {
        this(ReceiptDatabase.of(ReceiptDatabase.SQLITE, state), home, settings);
    }

    /** On a receipt database of either backend, with further settings of {@code plugins.workspace}. */
    WorkspaceHarness(ReceiptDatabase database, Path home, Map<String, Object> settings) {
        this(database, home, binder -> {}, settings);
    }

    private WorkspaceHarness(
            ReceiptDatabase database, Path home, Module kernelOverrides, Map<String, Object> settings) {
        Map<String, Object> config = new HashMap<>(settings);
        config.put("home", home.toString());
        this.bed = PluginTestBed.of("workspace", new WorkspaceModule())
                .settings(config)
                .backend(database.backend())
                .storageSettings(database.settings())
                .overrideKernel(kernelOverrides)
                .withoutStartingServices()
                .start(database.state());
    }

    ToolCatalog registry() {
        return bed.tools();
    }

    Injector injector() {
        return bed.injector();
    }

    /** @return the plugin's {@link dev.switchboard.ports.plugin.ManagedService}, as the kernel would get it */
    WorkspaceLifecycle lifecycle() {
        return bed.injector().getInstance(WorkspaceLifecycle.class);
    }

    ToolResult call(String tool, Map<String, Object> arguments) {
        return bed.call(tool, arguments);
    }

    /** Calls a tool as {@code caller}, such as a local session attached to a shared server. */
    ToolResult call(Principal caller, String tool, Map<String, Object> arguments) {
        return bed.call(ToolCall.detached(tool, arguments, caller));
    }

    /** Calls a tool with a cancellation signal, as a client session would. */
    ToolResult call(String tool, Map<String, Object> arguments, Cancellation cancellation) {
        return bed.call(new ToolCall(
                tool,
                arguments,
                Principal.LOCAL_OWNER,
                "test",
                Map.of(),
                cancellation,
                ProgressReporter.NONE,
                LogSink.NONE,
                ClientRequests.NONE));
    }

    /** Calls a tool that must succeed; checks the text is also {@code structuredContent.output}. */
    Map<String, Object> ok(String tool, Map<String, Object> arguments) {
        ToolResult.Success success = ToolResults.success(call(tool, arguments), tool, arguments);
        assertThat(success.structuredContent()).containsEntry("output", text(success));
        return success.structuredContent();
    }

    /** Calls a tool that must fail with {@code code}. */
    ToolResult.Failure refused(String tool, Map<String, Object> arguments, String code) {
        return bed.refused(tool, arguments, code);
    }

    /** @return the id of a new workspace on {@code cwd} */
    String open(Path cwd) {
        return (String) ok("workspace_open", Map.of("cwd", cwd.toString())).get("workspace_id");
    }

    static String text(ToolResult.Success success) {
        return ToolResults.text(success);
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
        // As the kernel stops the plugin: its empty command-output directory goes, so a test leaves nothing in /tmp.
        bed.injector().getInstance(WorkspaceShutdown.class).stop(java.time.Duration.ofSeconds(10));
        bed.close();
    }
}
