package dev.switchboard.plugin.mailbox;

import java.io.InputStream;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import jakarta.inject.Inject;
import jakarta.inject.Provider;

import org.pf4j.Extension;

import dev.switchboard.plugin.mailbox.channel.application.ConfiguredRole;
import dev.switchboard.plugin.mailbox.channel.application.Environment;
import dev.switchboard.plugin.mailbox.channel.application.MailboxSettingKeys;
import dev.switchboard.plugin.mailbox.hook.application.HookSettings;
import dev.switchboard.plugin.mailbox.hook.application.LocalPins;
import dev.switchboard.plugin.mailbox.hook.application.ResolvedLocalCounts;
import dev.switchboard.plugin.mailbox.hook.domain.RoleCounts;
import dev.switchboard.ports.call.LocalSession;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.cli.LocalCommand;
import dev.switchboard.ports.plugin.PluginContext;
import dev.switchboard.ports.plugin.PluginSettings;

/**
 * {@code hook stop}, {@code hook session-start} and {@code status [status|pins] [--role R] [--text]} answered by a
 * shared server for a process of its user that asked over the attach socket (ADR 41): the same command lines, checks
 * and commands as the direct path ({@link DirectHooks#answer}: {@code HookCommand}, {@code StatusCommand},
 * {@code StopHook}, {@code CountsLookup}), with the asking process's identity (its role and channel from its own
 * environment, {@link PluginContext#settingsFor}, and the original's {@code AI_AGENT_CHANNEL_*} variables from it) and
 * the counts read through this plugin's storage ({@link ResolvedLocalCounts}, {@link LocalPins}, as the full path reads
 * them). Whatever the direct path declines, this declines too, before reading or writing, so the process runs it as
 * it would without a shared server. Thread-safe: each run has its own wiring.
 */
@Extension
public final class AttachedHooks implements LocalCommand {

    private final PluginContext context;
    private final Provider<ResolvedLocalCounts> counts;
    private final Provider<LocalPins> pins;

    /**
     * @param context the plugin's settings and state directory
     * @param counts  the counts through the plugin's storage, built on the first use (a server nobody asks never does)
     * @param pins    the pins' headers through it, likewise
     */
    @Inject
    AttachedHooks(PluginContext context, Provider<ResolvedLocalCounts> counts, Provider<LocalPins> pins) {
        this.context = context;
        this.counts = counts;
        this.pins = pins;
    }

    @Override
    public Optional<Integer> run(
            List<String> commandLine, LocalSession session, InputStream in, PrintWriter out, PrintWriter err) {
        Principal caller = Principal.attached(session);
        Environment environment = session::variable;
        PluginSettings settings = context.settingsFor(caller, MailboxSettingKeys.SESSION);
        return DirectHooks.answer(
                commandLine,
                settings,
                new ConfiguredRole(settings, environment),
                new HookSettings(context, environment),
                new SessionStore(caller),
                new DirectHooks.Streams(in, out, err));
    }

    /** The plugin's storage, read as the asking session's role and channel. */
    private final class SessionStore implements DirectHooks.LocalStore {
        private final Principal caller;

        SessionStore(Principal caller) {
            this.caller = caller;
        }

        @Override
        public boolean open(String channel, Optional<String> configuredRole) {
            return true; // the server's storage is open; the schema is checked on each read
        }

        @Override
        public Optional<RoleCounts> of(Optional<String> role) {
            return counts.get().of(caller, role);
        }

        @Override
        public List<Map<String, Object>> list(Optional<String> role) {
            return pins.get().list(caller, role);
        }

        @Override
        public void close() {}
    }
}
