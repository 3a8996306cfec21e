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

    /** The cap on held {@code GET /status?wait} polls in this process (hosted channels). */
    public static final String STATUS_MAX_HELD = "status-max-held";

    /** The cap on held {@code GET /status?wait} polls per token (hosted channels). */
    public static final String STATUS_MAX_HELD_PER_TOKEN = "status-max-held-per-token";

    /** All of them. */
    public static final Set<String> ALL = Set.of(
            ROLE,
            CHANNEL,
            ALLOW_SENSITIVE,
            STRICT_PIN_DIGEST,
            VIEW_KEY_TTL_DAYS,
            PUBLIC_URL,
            STATUS_MAX_HELD,
            STATUS_MAX_HELD_PER_TOKEN);

    private MailboxSettingKeys() {}
}
