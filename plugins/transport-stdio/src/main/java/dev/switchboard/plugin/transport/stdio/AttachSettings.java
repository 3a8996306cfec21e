package dev.switchboard.plugin.transport.stdio;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

import dev.switchboard.ports.plugin.InvalidSettingException;
import dev.switchboard.ports.plugin.PluginContext;
import dev.switchboard.ports.plugin.PluginSettings;

/**
 * The {@code attach} transport's settings, read once at start from {@code plugins.transport-stdio}. The
 * {@code attach.*} keys are set by the kernel when {@code serve} starts the transport (not by hand); the operator sets
 * {@code shared-idle-s}.
 *
 * <table>
 * <caption>Keys of {@code plugins.transport-stdio} the attach transport reads</caption>
 * <tr><th>key</th><th>default</th><th>meaning</th></tr>
 * <tr><td>{@code shared-idle-s}</td><td>{@code 600}</td><td>seconds a shared server ({@code serve --shared}) stays
 * after its last session detached (or after its start, when none attaches); {@code 0} stays until stopped</td></tr>
 * <tr><td>{@code attach.socket}</td><td>(required)</td><td>the socket path, {@code <state-dir>/attach/<key>.sock}</td></tr>
 * <tr><td>{@code attach.shared}</td><td>{@code false}</td><td>whether this is the shared server: it idle-exits, and
 * exits when its socket file disappears or is replaced</td></tr>
 * <tr><td>{@code attach.build}</td><td>(empty)</td><td>the build id the server answers hellos with</td></tr>
 * <tr><td>{@code attach.key}</td><td>(empty)</td><td>the server's key, shown by {@code status}</td></tr>
 * <tr><td>{@code attach.transports}</td><td>{@code [attach]}</td><td>the server's transports, shown by
 * {@code status}</td></tr>
 * <tr><td>{@code attach.session-variables}</td><td>(empty)</td><td>the environment variables of the plugins'
 * declared session settings and variables, shown per session by {@code status}</td></tr>
 * </table>
 *
 * @param socket           where to bind
 * @param shared           whether this is the shared server
 * @param idle             how long a shared server stays with no session; zero stays
 * @param build            the build id
 * @param key              the server's key
 * @param transports       the server's transports
 * @param sessionVariables the declared session variables to show per session
 */
record AttachSettings(
        Path socket,
        boolean shared,
        Duration idle,
        String build,
        String key,
        List<String> transports,
        List<String> sessionVariables) {

    /** The idle time of a shared server unless configured: 10 minutes. */
    static final long DEFAULT_IDLE_SECONDS = 600;

    /** @throws NullPointerException if a component is null */
    AttachSettings {
        Objects.requireNonNull(socket, "socket");
        Objects.requireNonNull(idle, "idle");
        Objects.requireNonNull(build, "build");
        Objects.requireNonNull(key, "key");
        transports = List.copyOf(transports);
        sessionVariables = List.copyOf(sessionVariables);
    }

    /**
     * @param plugin the plugin's context
     * @return the settings
     * @throws InvalidSettingException if {@code attach.socket} is missing or a value is malformed
     */
    static AttachSettings from(PluginContext plugin) {
        PluginSettings settings = plugin.settings();
        Optional<String> socket = settings.raw("attach.socket")
                .map(String::valueOf)
                .map(String::strip)
                .filter(s -> !s.isEmpty());
        if (socket.isEmpty()) {
            throw settings.invalid("attach.socket", "", "the socket path, which 'serve' sets when it starts attach");
        }
        return new AttachSettings(
                Path.of(socket.get()),
                settings.flag("attach.shared", false),
                Duration.ofSeconds(settings.number("shared-idle-s", DEFAULT_IDLE_SECONDS, 0, Integer.MAX_VALUE)),
                settings.text("attach.build", ""),
                settings.text("attach.key", ""),
                settings.list("attach.transports", List.of(AttachTransport.ID)),
                settings.list("attach.session-variables", List.of()));
    }
}
