package dev.switchboard.kernel.plugin;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.call.SessionCheck;

/**
 * Asks the started plugins' {@link SessionCheck}s whether a local session's own settings can serve it: {@code serve}
 * refuses the in-process stdio session on the first problem, the attach transport an attached session's hello
 * ({@link dev.switchboard.ports.transport.TransportContext#sessions()}), {@code doctor} reports every one. Stateless.
 */
public final class SessionChecks {

    private static final Logger LOG = LoggerFactory.getLogger(SessionChecks.class);

    private SessionChecks() {}

    /**
     * @param plugins the started plugins, whose session checks are asked
     * @param session the session's principal ({@link Principal#LOCAL_OWNER} for the in-process one)
     * @return each problem, prefixed by its plugin's id ({@code plugin mailbox: ...}); a check that throws is logged
     *     and passed over (it is the plugin's fault, not the session's)
     */
    public static List<String> problems(PreparedPlugins plugins, Principal session) {
        java.util.ArrayList<String> found = new java.util.ArrayList<>();
        for (Map.Entry<String, List<SessionCheck>> entry :
                plugins.extensions(SessionCheck.class).entrySet()) {
            for (SessionCheck check : entry.getValue()) {
                try {
                    check.problem(session).ifPresent(problem -> found.add("plugin " + entry.getKey() + ": " + problem));
                } catch (RuntimeException e) {
                    LOG.error("plugin {}: a session check failed", entry.getKey(), e);
                }
            }
        }
        return List.copyOf(found);
    }

    /** @return the first of {@link #problems}, if any */
    public static Optional<String> first(PreparedPlugins plugins, Principal session) {
        return problems(plugins, session).stream().findFirst();
    }
}
