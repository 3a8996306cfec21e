package dev.switchboard.plugin.mailbox.hosted.domain;

import java.time.Duration;

/**
 * The hosted registry's limits (seed-features §1C.2 management tools, §1C.3 registry, §1C.11, §1C.12: the repository's
 * values win over the seed's). Constants only.
 */
public final class HostedLimits {

    /** The prefix of a role token (§1C.2 create_channel). */
    public static final String ROLE_TOKEN_PREFIX = "cct_";

    /** The prefix of a view key (§1C.2 board_link). */
    public static final String VIEW_KEY_PREFIX = "ccv_";

    /** Random bytes in every generated credential: 256 bits (43 base64url characters). */
    public static final int CREDENTIAL_RANDOM_BYTES = 32;

    /** A view key's lifetime when not configured: 30 days (§1C.11 {@code AI_AGENT_CHANNEL_VIEW_KEY_TTL_DAYS}). */
    public static final int VIEW_KEY_TTL_DAYS_DEFAULT = 30;

    /** The shortest configurable view key lifetime, in days. */
    public static final int VIEW_KEY_TTL_DAYS_MIN = 1;

    /** The longest configurable view key lifetime, in days. */
    public static final int VIEW_KEY_TTL_DAYS_MAX = 3650;

    /** Live view keys one issuer may hold in one channel; issuing one more revokes the oldest (§1C.12). */
    public static final int LIVE_VIEW_KEYS_PER_ISSUER = 20;

    /** A board nonce's lifetime: single use within 300 s (§1C.12 {@code BOARD_NONCE_TTL_S}). */
    public static final Duration BOARD_NONCE_TTL = Duration.ofSeconds(300);

    /** A board link's label: at most this many characters. */
    public static final int LABEL_CHARS = 64;

    /** Audit entries one {@code list_audit_events} call returns at most. */
    public static final int AUDIT_LIMIT_MAX = 1000;

    /** How often one credential's use is recorded in the audit (its first use, then at most once per this). */
    public static final Duration TOKEN_USE_RECORD_INTERVAL = Duration.ofMinutes(1);

    private HostedLimits() {}
}
