package dev.switchboard.kernel.core;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.inject.Inject;

import tools.jackson.databind.json.JsonMapper;

import dev.switchboard.kernel.plugin.PluginHost;
import dev.switchboard.kernel.plugin.PluginStatus;
import dev.switchboard.kernel.plugin.StorageAccess;
import dev.switchboard.kernel.transport.TransportRunner;
import dev.switchboard.ports.storage.SqlStorage;
import dev.switchboard.ports.tool.Tool;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;
import dev.switchboard.ports.tool.ToolResult;

/**
 * {@code server_info}: what this server is and what it runs: version, build time, protocol versions, transports,
 * storage, and every plugin with its state and tools. The first thing an operator or agent asks a running server.
 */
public final class ServerInfoTool implements Tool {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final ToolDescriptor DESCRIPTOR = new ToolDescriptor("server_info", "Server information",
            "Describes this Switchboard server: its version and build time, the MCP protocol versions it accepts, "
                    + "the transports it is serving on, where its storage lives, and each installed plugin with its "
                    + "state (started, disabled, failed and why) and its tools. Call it first to learn what this "
                    + "server offers, or to diagnose a missing tool. Takes no arguments and changes nothing.",
            """
            {"type": "object", "properties": {}, "additionalProperties": false}""",
            null, ToolAnnotations.READ_ONLY);

    private final BuildInfo build;
    private final PluginHost plugins;
    private final StorageAccess storage;
    private final TransportRunner transports;

    /**
     * @param build      facts about this build
     * @param plugins    plugin states
     * @param storage    the open storage
     * @param transports the running transports
     */
    @Inject
    public ServerInfoTool(BuildInfo build, PluginHost plugins, StorageAccess storage, TransportRunner transports) {
        this.build = build;
        this.plugins = plugins;
        this.storage = storage;
        this.transports = transports;
    }

    @Override
    public ToolDescriptor descriptor() {
        return DESCRIPTOR;
    }

    @Override
    public ToolResult call(ToolCall call) {
        Map<String, Object> info = new LinkedHashMap<>();
        info.put("name", BuildInfo.NAME);
        info.put("version", build.version());
        info.put("build_time", build.buildTime());
        info.put("java_version", Runtime.version().toString());
        info.put("protocol_versions", BuildInfo.PROTOCOL_VERSIONS);
        info.put("transports", transports.active().stream().sorted().toList());
        info.put("storage", storageInfo());
        info.put("plugins", plugins.statuses().stream().map(ServerInfoTool::pluginInfo).toList());
        return ToolResult.structured(JSON.writeValueAsString(info), info);
    }

    private Map<String, Object> storageInfo() {
        Map<String, Object> out = new LinkedHashMap<>();
        SqlStorage open = storage.current().orElse(null);
        out.put("available", open != null);
        out.put("backend", open == null ? null : open.backend());
        out.put("location", open == null ? null : open.location());
        return out;
    }

    private static Map<String, Object> pluginInfo(PluginStatus status) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("id", status.id());
        out.put("version", status.version());
        out.put("state", status.state().name().toLowerCase(java.util.Locale.ROOT));
        out.put("tool_count", status.tools().size());
        out.put("tools", List.copyOf(status.tools()));
        if (status.error() != null) {
            out.put("error", status.error());
        }
        return out;
    }
}
