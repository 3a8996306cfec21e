package dev.switchboard.plugin.mailbox.hook.adapter.in.exec;

import java.util.Set;

import org.pf4j.Extension;

import dev.switchboard.plugin.mailbox.hook.application.HookSettings;
import dev.switchboard.ports.exec.SecretVariables;

/**
 * Declares the one environment variable of the mailbox that holds a secret: the original's role token,
 * {@value HookSettings#TOKEN_ALIAS}, read by the hooks and the status CLI in remote mode. Switchboard's own way is a
 * token file ({@code plugins.mailbox.remote-token-file} or {@code AI_AGENT_CHANNEL_TOKEN_FILE}), whose path is not a
 * secret. The processes the server runs never inherit the token (ADR 30). Immutable.
 */
@Extension
public final class HookSecretVariables implements SecretVariables {

    private static final Set<String> NAMES = Set.of(HookSettings.TOKEN_ALIAS);

    /** Built by the plugin's injector. */
    public HookSecretVariables() {
        // nothing to read: the name is fixed
    }

    @Override
    public Set<String> names() {
        return NAMES;
    }
}
