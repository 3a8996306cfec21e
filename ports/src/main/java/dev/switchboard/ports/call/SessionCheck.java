package dev.switchboard.ports.call;

import java.util.Optional;

import org.pf4j.ExtensionPoint;

/**
 * Extension point through which a plugin says that a local stdio session's own settings (those it declares per
 * session, {@code plugin.session-settings} and {@code plugin.session-variables}: the mailbox's role and channel) can
 * never serve it, such as a role that is no role name. The kernel asks it for the in-process session before serving
 * stdio and refuses to start (exit 2, the answer as its one stderr line), and {@code switchboard doctor} reports it;
 * the attach transport refuses a session attached to a shared server
 * with it at its hello (the attach client exits 2 with it as its one stderr line); a session whose setting is read
 * later is told by its tools (their refusals and {@code server_info}).
 *
 * <p>Implementations are cheap (no storage access), MUST NOT throw, and are thread-safe.
 */
public interface SessionCheck extends ExtensionPoint {

    /** A check that finds nothing, for transports run without the kernel's. */
    SessionCheck NONE = session -> Optional.empty();

    /**
     * @param session a local session's principal: {@link Principal#LOCAL_OWNER} for the in-process session, or an
     *                {@linkplain Principal#attached attached} one
     * @return why its settings cannot serve it, one line naming the setting, where it was set and the rule it breaks;
     *         empty when they can (an absent setting is no problem here)
     */
    Optional<String> problem(Principal session);
}
