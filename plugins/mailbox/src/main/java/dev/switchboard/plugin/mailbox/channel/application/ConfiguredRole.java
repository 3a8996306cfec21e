package dev.switchboard.plugin.mailbox.channel.application;

import java.util.Optional;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.ports.plugin.PluginContext;

/**
 * The role configured for local sessions, hooks and the status CLI: the setting {@value CallerResolver#ROLE_SETTING}
 * (or its environment override), else the original's variable {@value CallerResolver#ROLE_ALIAS}. Read once; needs no
 * storage, so a command that opens none can read it. Immutable.
 */
@Singleton
public final class ConfiguredRole {

    private final Optional<String> role;
    private final String source;

    @Inject
    public ConfiguredRole(PluginContext context, Environment environment) {
        String setting = context.settings().text(MailboxSettingKeys.ROLE, "");
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
