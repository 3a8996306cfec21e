package dev.switchboard.plugin.mailbox.pin.application;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.application.MailboxSettingKeys;
import dev.switchboard.ports.plugin.PluginContext;

/**
 * The operator's pin setting, from {@code plugins.mailbox} (or {@code SWITCHBOARD_PLUGINS__MAILBOX__*}): {@value
 * #STRICT_DIGEST} ({@code false} by default; Switchboard's addition, beyond #4): when {@code true}, {@code pin_set}
 * with {@code approved_by} refuses a body whose sha256 differs from the approving proposal's (or, when the proposal
 * carries a {@code body_ref}, its sealed upload's). Read once; immutable.
 */
@Singleton
public final class PinSettings {

    /** The setting's key under {@code plugins.mailbox}. */
    public static final String STRICT_DIGEST = MailboxSettingKeys.STRICT_PIN_DIGEST;

    private final boolean strictDigest;

    /**
     * @param context the plugin's context
     * @throws dev.switchboard.ports.plugin.InvalidSettingException if the value is not a boolean
     */
    @Inject
    public PinSettings(PluginContext context) {
        this.strictDigest = context.settings().flag(STRICT_DIGEST, false);
    }

    /** @return whether strict digest mode is on */
    public boolean strictDigest() {
        return strictDigest;
    }
}
