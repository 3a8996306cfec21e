package dev.switchboard.kernel.tools;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import jakarta.inject.Singleton;

import dev.switchboard.ports.tool.ErrorCode;
import dev.switchboard.ports.tool.ToolResult;

/**
 * What the kernel knows of the tools of plugins that failed to start, so that a call to one of them is answered
 * with the plugin and its failure instead of a bare "unknown tool". A failed plugin's tool names are known when its
 * tools were built before it failed, or can be built afterwards (a failure at its migrations or storage); a plugin
 * that fails before its tools can be built (in its start hook, or on a setting its tools read) leaves no names, and
 * calls to its tools stay unknown. Thread-safe.
 */
@Singleton
public final class FailedPluginTools {

    /** The tool error of a call to a tool whose plugin failed to start. */
    public static final ErrorCode PLUGIN_FAILED = ErrorCode.of("PLUGIN_FAILED");

    private final Map<String, Failure> byTool = new ConcurrentHashMap<>();

    /**
     * Records that a plugin failed.
     *
     * @param pluginId  the plugin's id
     * @param reason    its one-line failure reason
     * @param toolNames the wire names its tools would have had; empty when not known
     */
    public void failed(String pluginId, String reason, List<String> toolNames) {
        toolNames.forEach(name -> byTool.put(name, new Failure(pluginId, reason, false)));
    }

    /**
     * Records that a plugin waits for the storage, which the server retries: its calls are answered as
     * {@link #failed} ones, saying that the tool works once the storage opens.
     *
     * @param pluginId  the plugin's id
     * @param reason    its one-line reason, such as {@code waiting for the storage: ...}
     * @param toolNames the wire names its tools would have; empty when not known
     */
    public void waiting(String pluginId, String reason, List<String> toolNames) {
        toolNames.forEach(name -> byTool.put(name, new Failure(pluginId, reason, true)));
    }

    /**
     * Forgets a plugin's failure: it started after all (it waited for the storage).
     *
     * @param pluginId the plugin's id
     */
    public void started(String pluginId) {
        byTool.values().removeIf(failure -> failure.plugin().equals(pluginId));
    }

    /**
     * @param toolName a tool name no started plugin provides
     * @return the tool error {@link #PLUGIN_FAILED} ({@code details}: {@code tool}, {@code plugin}, {@code reason})
     *         when a failed plugin provides that tool, else empty
     */
    public Optional<ToolResult> answer(String toolName) {
        Failure failure = byTool.get(toolName);
        if (failure == null) {
            return Optional.empty();
        }
        String what = failure.waiting()
                ? " is not started yet: " + failure.reason() + ". The server retries the storage in the background;"
                        + " the tool works once it opens, without a restart; other tools still work."
                : " failed to start: " + failure.reason() + ". The operator can see it in 'switchboard doctor', fix"
                        + " it and restart the server; other tools still work.";
        return Optional.of(ToolResult.failure(
                PLUGIN_FAILED,
                "the tool " + toolName + " is unavailable: its plugin " + failure.plugin() + what,
                Map.of("tool", toolName, "plugin", failure.plugin(), "reason", failure.reason())));
    }

    /** @return the wire names of failed plugins' tools, sorted */
    public List<String> names() {
        return byTool.keySet().stream().sorted().toList();
    }

    private record Failure(String plugin, String reason, boolean waiting) {}
}
