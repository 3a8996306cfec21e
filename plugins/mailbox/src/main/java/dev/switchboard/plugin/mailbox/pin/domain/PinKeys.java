package dev.switchboard.plugin.mailbox.pin.domain;

import java.util.List;

import dev.switchboard.plugin.mailbox.channel.domain.MailboxLimits;

/**
 * The limits of a pin's fields and its protected keys (seed-features §1C.2 "Pins", §2.5). Stateless.
 */
public final class PinKeys {

    /** The longest key, in characters. */
    public static final int KEY_MAX = MailboxLimits.PIN_KEY_CHARS;
    /** The longest title, in characters. */
    public static final int TITLE_MAX = MailboxLimits.PIN_TITLE_CHARS;
    /** The longest version label, in characters. */
    public static final int VERSION_MAX = MailboxLimits.VERSION_CHARS;

    /** Keys whose every version, the first included, needs {@code approved_by}. */
    public static final List<String> RESERVED = List.of("team-charter", "contract-version", "glossary");

    private PinKeys() {}

    /**
     * A protected key needs {@code approved_by} on every write: a reserved one, or any key ever written with
     * {@code approved_by} (protection is never lifted).
     *
     * @param key          the key
     * @param everApproved whether a version of it was written with {@code approved_by}
     * @return whether the key is protected
     */
    public static boolean isProtected(String key, boolean everApproved) {
        return everApproved || RESERVED.contains(key);
    }
}
