package dev.switchboard.plugin.handoff.bench;

import java.nio.file.Path;
import java.util.Map;

import dev.switchboard.plugin.handoff.HandoffModule;
import dev.switchboard.ports.storage.SqlStorage;
import dev.switchboard.ports.tool.ToolResult;
import dev.switchboard.testkit.PluginTestBed;

/**
 * The handoff plugin as the kernel runs it, minus the MCP transport: the testkit's {@link PluginTestBed} (the
 * storage-sqlite adapter on {@code <dir>/switchboard.db}, WAL, {@code synchronous=FULL}; the handoff migrations; the
 * unmodified {@link HandoffModule} with its real clock; the kernel's secret scanner), calls going through the kernel's
 * invoker (schema validation, then the handler). Not thread-safe to close while calls run.
 */
final class BenchServer implements AutoCloseable {

    private final PluginTestBed bed;

    BenchServer(Path dir) {
        this.bed = PluginTestBed.of("handoff", new HandoffModule()).start(dir);
    }

    SqlStorage storage() {
        return bed.storage().orElseThrow();
    }

    /**
     * @return the structured content of a successful call
     * @throws IllegalStateException if the tool refused the call
     */
    Map<String, Object> call(String tool, Map<String, Object> arguments) {
        ToolResult result = bed.call(tool, arguments);
        if (result instanceof ToolResult.Success success) {
            return success.structuredContent();
        }
        ToolResult.Failure failure = (ToolResult.Failure) result;
        throw new IllegalStateException(tool + " failed: " + failure.code().value() + " " + failure.message());
    }

    @Override
    public void close() {
        bed.close();
    }
}
