package dev.switchboard.plugin.mailbox.channel.application;

import java.util.Optional;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.ports.plugin.PluginContext;
import dev.switchboard.ports.plugin.PluginSettings;

/**
 * The role configured for local sessions, hooks and the status CLI: the setting {@value CallerResolver#ROLE_SETTING}
 * (or its environment override), else the original's variable {@value CallerResolver#ROLE_ALIAS}. Read once; needs no
 * storage, so a command that opens none can read it. The injected one is the process's; a session attached to a
 * shared server has its own, from its settings and environment (ADR 32). Immutable.
 */
@Singleton
public final class ConfiguredRole {

    private final Optional<String> role;
    private final String source;

    /**
     * The process's configured role: the in-process session's, the hooks' and the status CLI's.
     *
     * @param context     the plugin's context, whose settings give {@value CallerResolver#ROLE_SETTING}
     * @param environment the server process's environment, for {@value CallerResolver#ROLE_ALIAS}
     */
    @Inject
    public ConfiguredRole(PluginContext context, Environment environment) {
        this(context.settings(), environment);
    }

    /**
     * The role of one local session: for a session attached to a shared server (ADR 32), its settings as
     * {@code PluginContext.settingsFor} gives them and its own environment ({@code LocalSession::variable}).
     *
     * @param settings    the mailbox's settings as the session sees them
     * @param environment the session's environment, for {@value CallerResolver#ROLE_ALIAS}
     */
    public ConfiguredRole(PluginSettings settings, Environment environment) {
        String setting = settings.text(MailboxSettingKeys.ROLE, "");
        if (!setting.isEmpty()) {
            role = Optional.of(setting);
            source = CallerResolver.ROLE_SETTING;
        } else {
            role = environment
                    .variable(CallerResolver.ROLE_ALIAS)
                    .map(String::strip)
                    .filter(value -> !value.isEmpty());
            source = CallerResolver.ROLE_ALIAS;
        }
    }

    /** @return the configured role, as written (not checked to be a role name), if any */
    public Optional<String> value() {
        return role;
    }

    /** @return where it came from: {@value CallerResolver#ROLE_SETTING} or {@value CallerResolver#ROLE_ALIAS} */
    public String source() {
        return source;
    }
}
