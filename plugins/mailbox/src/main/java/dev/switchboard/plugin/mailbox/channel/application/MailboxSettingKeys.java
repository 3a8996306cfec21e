package dev.switchboard.plugin.mailbox.channel.application;

import java.util.Set;

/**
 * Every key the mailbox reads under {@code plugins.mailbox} (docs/configuration.md): one list, so that a misspelt key
 * fails the plugin at start naming it, as every other plugin's settings do, instead of being silently ignored.
 */
public final class MailboxSettingKeys {

    /** The session's role on one machine. */
    public static final String ROLE = "role";

    /** The local channel's name. */
    public static final String CHANNEL = "channel";

    /** The operator's half of the secret-guardrail override. */
    public static final String ALLOW_SENSITIVE = "allow-sensitive";

    /** Strict digest mode for pin_set (beyond #4). */
    public static final String STRICT_PIN_DIGEST = "strict-pin-digest";

    /** A hosted view key's lifetime in days (hosted channels). */
    public static final String VIEW_KEY_TTL_DAYS = "view-key-ttl-days";

    /** The address clients reach the server at, for board links (hosted channels). */
    public static final String PUBLIC_URL = "public-url";

    /** The hosted server the hooks and the status CLI ask instead of the local store. */
    public static final String REMOTE_URL = "remote-url";

    /** The file holding the role token the hooks and the status CLI send to {@link #REMOTE_URL}. */
    public static final String REMOTE_TOKEN_FILE = "remote-token-file";

    /** The cap on held {@code GET /status?wait} polls in this process (hosted channels). */
    public static final String STATUS_MAX_HELD = "status-max-held";

    /** The cap on held {@code GET /status?wait} polls per token (hosted channels). */
    public static final String STATUS_MAX_HELD_PER_TOKEN = "status-max-held-per-token";

    /** The longest time one {@code hook wake} sleeps, in seconds, before it ends without waking. */
    public static final String WAKE_MAX_S = "wake-max-s";

    /**
     * The keys a local stdio session sets for itself: a session attached to a shared server reads them from its own
     * environment ({@code PluginContext.settingsFor}), as the pom's {@code plugin.session-settings} declares (ADR 32).
     */
    public static final Set<String> SESSION = Set.of(ROLE, CHANNEL);

    /** All of them. */
    public static final Set<String> ALL = Set.of(
            ROLE,
            CHANNEL,
            ALLOW_SENSITIVE,
            STRICT_PIN_DIGEST,
            VIEW_KEY_TTL_DAYS,
            PUBLIC_URL,
            REMOTE_URL,
            REMOTE_TOKEN_FILE,
            STATUS_MAX_HELD,
            STATUS_MAX_HELD_PER_TOKEN,
            WAKE_MAX_S);

    private MailboxSettingKeys() {}
}
