package dev.switchboard.plugin.handoff.bench;

import java.nio.file.Path;
import java.util.Map;

import dev.switchboard.plugin.handoff.HandoffModule;
import dev.switchboard.ports.storage.SqlStorage;
import dev.switchboard.ports.tool.ToolResult;
import dev.switchboard.testkit.PluginTestBed;
import dev.switchboard.testkit.storage.TestDatabase;

/**
 * The handoff plugin as the kernel runs it, minus the MCP transport: the testkit's {@link PluginTestBed} (the
 * storage-sqlite adapter on {@code <dir>/switchboard.db}, WAL, {@code synchronous=FULL}, or the storage-postgres
 * adapter on a database; the handoff migrations of that dialect; the
 * unmodified {@link HandoffModule} with its real clock; the kernel's secret scanner), calls going through the kernel's
 * invoker (schema validation, then the handler). Not thread-safe to close while calls run.
 */
final class BenchServer implements AutoCloseable {

    private final PluginTestBed bed;

    private BenchServer(PluginTestBed bed) {
        this.bed = bed;
    }

    /** @return the plugin on the SQLite adapter, its database {@code <dir>/switchboard.db} */
    static BenchServer sqlite(Path dir) {
        return new BenchServer(PluginTestBed.of("handoff", new HandoffModule()).start(dir));
    }

    /** @return the plugin on the PostgreSQL adapter (default pool of 10) on {@code database}, state in {@code dir} */
    static BenchServer postgres(Path dir, TestDatabase database) {
        return new BenchServer(PluginTestBed.of("handoff", new HandoffModule())
                .postgres(database)
                .start(dir));
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
