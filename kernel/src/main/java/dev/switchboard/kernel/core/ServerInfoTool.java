package dev.switchboard.kernel.core;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;

import jakarta.inject.Inject;

import tools.jackson.databind.json.JsonMapper;

import dev.switchboard.kernel.config.StateDirectoryText;
import dev.switchboard.kernel.config.SwitchboardConfig;
import dev.switchboard.kernel.plugin.PluginHost;
import dev.switchboard.kernel.plugin.PluginStatus;
import dev.switchboard.kernel.plugin.StorageAccess;
import dev.switchboard.kernel.tools.ToolRegistry;
import dev.switchboard.kernel.transport.TransportRunner;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.storage.SqlStorage;
import dev.switchboard.ports.tool.Tool;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;
import dev.switchboard.ports.tool.ToolResult;

/**
 * {@code server_info}: what this server is and what it runs: version, build time, protocol versions, transports,
 * storage, and every plugin with its state and tools. The first thing an operator or agent asks a running server.
 * The state directory is never named: in the storage location and plugins' failure reasons it reads
 * {@value StateDirectoryText#PLACEHOLDER} ({@link StateDirectoryText}).
 */
public final class ServerInfoTool implements Tool {

    private static final String JAVA_VERSION = Runtime.version().toString();
    private static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder("server_info")
            .title("Server information")
            .description("Describes this Switchboard server: its version and build time, the MCP protocol versions it"
                    + " accepts, the transports it is serving on, where its storage lives, and each installed plugin"
                    + " with its state (started, disabled, failed and why) and its tools. Call it first to learn what"
                    + " this server offers, or to diagnose a missing tool. Takes no arguments and changes nothing.")
            .inputSchema(ToolDescriptor.NO_ARGUMENTS)
            .annotations(ToolAnnotations.readOnly())
            .build();

    private final BuildInfo build;
    private final PluginHost plugins;
    private final StorageAccess storage;
    private final TransportRunner transports;
    private final StateDirectoryText stateText;
    private final ToolRegistry tools;
    /** The last answer and what it was made of. */
    private final AtomicReference<Rendered> last = new AtomicReference<>();

    /**
     * @param build      facts about this build
     * @param plugins    plugin states
     * @param storage    the open storage
     * @param transports the running transports
     * @param config     the configuration (for the state directory, which answers do not name)
     * @param tools      the registered tools (which of them the caller is not listed, ADR 18)
     */
    @Inject
    public ServerInfoTool(
            BuildInfo build,
            PluginHost plugins,
            StorageAccess storage,
            TransportRunner transports,
            SwitchboardConfig config,
            ToolRegistry tools) {
        this.tools = tools;
        this.stateText = new StateDirectoryText(config.kernel().stateDir());
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
        Facts facts =
                new Facts(transports.active(), storage.current().orElse(null), plugins.statuses(), call.principal());
        Rendered previous = last.get();
        if (previous != null && previous.facts().equals(facts)) {
            return previous.result();
        }
        Map<String, Object> info = info(facts);
        Rendered fresh = new Rendered(facts, ToolResult.structured(Json.MAPPER.writeValueAsString(info), info));
        last.set(fresh);
        return fresh.result();
    }

    private Map<String, Object> info(Facts facts) {
        Map<String, Object> info = new LinkedHashMap<>();
        info.put("name", BuildInfo.NAME);
        info.put("version", build.version());
        info.put("build_time", build.buildTime());
        info.put("java_version", JAVA_VERSION);
        info.put("protocol_versions", BuildInfo.PROTOCOL_VERSIONS);
        info.put("transports", facts.transports().stream().sorted().toList());
        info.put("storage", storageInfo(facts.storage()));
        List<Map<String, Object>> pluginInfos = new ArrayList<>();
        for (PluginStatus status : facts.plugins()) {
            pluginInfos.add(pluginInfo(status, facts.caller()));
        }
        info.put("plugins", List.copyOf(pluginInfos));
        return Collections.unmodifiableMap(info);
    }

    /** The mapper, created on the first call rather than on the kernel's start path. */
    private static final class Json {
        static final JsonMapper MAPPER = JsonMapper.builder().build();
    }

    /**
     * What an answer is made of: equal facts give an equal answer, so the answer (and its JSON text, most of a call's
     * cost) is reused until a plugin, transport or the storage changes. The storage compares by identity.
     */
    private record Facts(Set<String> transports, SqlStorage storage, List<PluginStatus> plugins, Principal caller) {}

    /** An answer (unmodifiable all the way down) and the facts it was made of. */
    private record Rendered(Facts facts, ToolResult result) {}

    private Map<String, Object> storageInfo(SqlStorage open) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("available", open != null);
        out.put("backend", open == null ? null : open.backend());
        // never the server's host or port: a client sees a database name, or the file under <state-dir>
        out.put("location", open == null ? null : stateText.hide(open.clientLocation()));
        return Collections.unmodifiableMap(out);
    }

    private Map<String, Object> pluginInfo(PluginStatus status, Principal caller) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("id", status.id());
        out.put("version", status.version());
        out.put("state", status.state().name().toLowerCase(java.util.Locale.ROOT));
        out.put("tool_count", status.tools().size());
        out.put("tools", List.copyOf(status.tools()));
        if (status.clientError() != null) {
            out.put("error", stateText.hide(status.clientError()));
        }
        List<String> unlisted = status.tools().stream()
                .filter(name -> !tools.listedFor(name, caller))
                .toList();
        if (!unlisted.isEmpty()) {
            // ADR 18: say that tools are installed but not listed to this caller, and how to see them
            out.put("unlisted_tools", unlisted.size());
            List<String> hints = unlisted.stream()
                    .map(name -> tools.unlistedHint(name, caller))
                    .flatMap(java.util.Optional::stream)
                    .distinct()
                    .toList();
            if (!hints.isEmpty()) {
                out.put("how_to_list", String.join(" ", hints));
            }
        }
        return Collections.unmodifiableMap(out);
    }
}
