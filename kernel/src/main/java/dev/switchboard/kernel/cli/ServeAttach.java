package dev.switchboard.kernel.cli;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.switchboard.kernel.attach.AttachKey;
import dev.switchboard.kernel.attach.AttachPaths;
import dev.switchboard.kernel.attach.SessionDeclarations;
import dev.switchboard.kernel.config.SwitchboardConfig;
import dev.switchboard.kernel.core.BuildInfo;
import dev.switchboard.kernel.transport.AttachDrain;
import dev.switchboard.kernel.transport.AttachServerFiles;
import dev.switchboard.kernel.transport.AttachUnavailableException;

/**
 * {@code serve}'s part in attaching (ADR 32): for {@code --shared} and for HTTP with attach, computes the key of the
 * configuration as read ({@link AttachKey}, before the command line changed it, as the client computes it), claims
 * the key's files ({@link AttachServerFiles}), adds the {@code attach} transport with its settings
 * ({@code plugins.transport-stdio.attach.*}), describes the server once it serves, and, when shared, asks the servers
 * of other builds to drain. When the files cannot be claimed, a shared start fails (exit 1, one line) and an HTTP
 * start logs one warning and serves without attach. Not thread-safe: used by the boot thread; {@link #close} may run
 * on the shutdown thread too (idempotent).
 */
final class ServeAttach implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ServeAttach.class);
    /** The plugin whose {@code attach} transport serves the socket. */
    static final String PLUGIN_ID = "transport-stdio";

    private final ServeOptions.AttachMode mode;
    private final AttachServerFiles files;
    private final String build;
    private final Instant startedAt = Instant.now();

    private ServeAttach(ServeOptions.AttachMode mode, AttachServerFiles files, String build) {
        this.mode = mode;
        this.files = files;
        this.build = build;
    }

    /**
     * @param mode   how {@code serve} attaches
     * @param loaded the configuration as read, before the command line's overrides
     * @return the attach part; inactive for {@link ServeOptions.AttachMode#NONE} and after an HTTP fallback
     * @throws AttachUnavailableException for {@code --shared} when the socket cannot be served (exit 1)
     */
    static ServeAttach prepare(ServeOptions.AttachMode mode, SwitchboardConfig loaded) {
        if (mode == ServeOptions.AttachMode.NONE) {
            return new ServeAttach(mode, null, "");
        }
        String build = buildId();
        AttachPaths paths = AttachPaths.of(loaded.kernel().stateDir(), AttachKey.of(loaded, build));
        try {
            return new ServeAttach(mode, AttachServerFiles.claim(paths), build);
        } catch (AttachUnavailableException e) {
            if (mode == ServeOptions.AttachMode.SHARED) {
                throw e;
            }
            LOG.warn("serving without attach (stdio sessions cannot attach to this server): {}", e.getMessage());
            return new ServeAttach(ServeOptions.AttachMode.NONE, null, build);
        }
    }

    /** @return the build id, {@code version@buildTime}, as {@link AttachKey} digests it */
    static String buildId() {
        BuildInfo build = BuildInfo.current();
        return build.version() + "@" + build.buildTime();
    }

    /**
     * @param config the configuration {@code serve} runs with
     * @return it with the {@code attach} transport and its settings added, when attach is active
     */
    SwitchboardConfig apply(SwitchboardConfig config) {
        if (files == null) {
            return config;
        }
        List<String> transports = new ArrayList<>(config.kernel().transports());
        if (!transports.contains(ServeOptions.ATTACH_TRANSPORT)) {
            transports.add(ServeOptions.ATTACH_TRANSPORT);
        }
        SessionDeclarations declarations =
                SessionDeclarations.read(config.kernel().pluginsDir());
        List<String> variables = new ArrayList<>(declarations.settingVariables());
        variables.addAll(declarations.variables());
        Map<String, Object> attach = new LinkedHashMap<>();
        attach.put("socket", files.paths().socket().toString());
        attach.put("shared", mode == ServeOptions.AttachMode.SHARED);
        attach.put("build", build);
        attach.put("key", files.paths().key());
        attach.put("transports", List.copyOf(transports));
        attach.put("session-variables", List.copyOf(variables));
        return config.withKernel(config.kernel().withTransports(List.copyOf(transports)))
                .withPluginSetting(PLUGIN_ID, "attach", attach);
    }

    /**
     * @param requested the transports to start
     * @param available the ids of the transports the started plugins provide
     * @return {@code requested}, less {@code attach} beside HTTP when no started plugin provides it (transport-stdio
     *     disabled or failed: logged once, and the files released); a shared server keeps it, and fails to start
     */
    List<String> startable(List<String> requested, List<String> available) {
        if (mode != ServeOptions.AttachMode.ALONGSIDE || available.contains(ServeOptions.ATTACH_TRANSPORT)) {
            return requested;
        }
        LOG.warn("serving without attach: the plugin {} is not started", PLUGIN_ID);
        close();
        return requested.stream()
                .filter(id -> !id.equals(ServeOptions.ATTACH_TRANSPORT))
                .toList();
    }

    /**
     * Once the transports serve: writes {@code <key>.json}; a shared server then asks other builds' servers to drain
     * (in the background).
     *
     * @param config     the configuration {@link #apply} returned
     * @param transports the transports started
     */
    void serving(SwitchboardConfig config, List<String> transports) {
        if (files == null || !transports.contains(ServeOptions.ATTACH_TRANSPORT)) {
            return;
        }
        files.describe(build, startedAt, config.kernel().stateDir(), transports);
        if (mode == ServeOptions.AttachMode.SHARED) {
            Thread.ofVirtual()
                    .name("switchboard-attach-drain")
                    .start(() -> AttachDrain.otherBuilds(
                            config.kernel().stateDir(), files.paths().key(), build));
        }
    }

    /** Removes the server's attach files and releases its lock. Idempotent. */
    @Override
    public void close() {
        if (files != null) {
            files.close();
        }
    }
}
