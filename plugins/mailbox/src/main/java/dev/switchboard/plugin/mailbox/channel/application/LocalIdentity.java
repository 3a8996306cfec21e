package dev.switchboard.plugin.mailbox.channel.application;

import java.util.Optional;
import java.util.regex.Pattern;

import dev.switchboard.ports.call.LocalSession;
import dev.switchboard.ports.plugin.PluginContext;
import dev.switchboard.ports.plugin.PluginSettings;

/**
 * Who a local stdio session is in the mailbox: its configured role (possibly none, or not a role name) and its local
 * channel. The process has one, from its own settings and environment (the in-process session's); a session attached
 * to a shared server has its own, from its settings ({@link PluginContext#settingsFor}) and environment (ADR 32).
 * Immutable.
 *
 * @param role           where the role comes from, and its value if any
 * @param channel        the local channel's name, as configured (checked by {@code channelProblem})
 * @param channelProblem why {@code channel} is no channel name, for a session's; always empty for the process's,
 *                       which refuses to start with a bad one
 */
record LocalIdentity(ConfiguredRole role, String channel, Optional<String> channelProblem) {

    static final Pattern CHANNEL = Pattern.compile("^[a-z0-9][a-z0-9_-]{0,63}$");

    /**
     * @param settings the mailbox's settings as the session sees them ({@link MailboxSettingKeys#SESSION} from its
     *                 environment)
     * @param session  the attached session, for {@value CallerResolver#ROLE_ALIAS} and the refusal's text
     * @return the session's identity; a channel that is no channel name is kept with the reason
     */
    static LocalIdentity of(PluginSettings settings, LocalSession session) {
        ConfiguredRole role = new ConfiguredRole(settings, session::variable);
        String channel = settings.text(MailboxSettingKeys.CHANNEL, CallerResolver.DEFAULT_CHANNEL);
        Optional<String> problem = CHANNEL.matcher(channel).matches()
                ? Optional.empty()
                : Optional.of("the mailbox channel '" + channel + "' from " + CallerResolver.CHANNEL_SETTING
                        + " (or " + PluginContext.settingVariable(settings.pluginId(), MailboxSettingKeys.CHANNEL)
                        + " in this session's environment) is not a channel name (matching " + CHANNEL.pattern()
                        + "); fix it and restart the session; nothing was done");
        return new LocalIdentity(role, channel, problem);
    }
}
