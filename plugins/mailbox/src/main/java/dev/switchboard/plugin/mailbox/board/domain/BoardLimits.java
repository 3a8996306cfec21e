package dev.switchboard.plugin.mailbox.board.domain;

import java.time.Duration;

/** The board's fixed limits (seed-features §1C.8). */
public final class BoardLimits {

    /** The session cookie's name. */
    public static final String COOKIE = "cc_board";

    /**
     * The owner's session cookie's name (ADR 69): a cookie of its own, so that a browser holding a view key's session
     * and an owner session keeps both and the board always knows which one it reads.
     */
    public static final String OWNER_COOKIE = "cc_board_owner";

    /** How long a board session lives (the cookie's {@code Max-Age}): 7 days, unless its view key dies first. */
    public static final Duration SESSION_TTL = Duration.ofDays(7);

    /**
     * How many expired board sessions opening a new one deletes at most, so the table stays small without a sweep
     * while each redeem's transaction stays short.
     */
    public static final int SESSION_PRUNE_BATCH = 100;

    /** The query parameter carrying a board link's nonce. */
    public static final String NONCE_PARAMETER = "t";

    /** How many messages the feed shows, newest first. */
    public static final int FEED_MESSAGES = 200;

    /** How many debts, proposals or entries one list of a channel page shows at most. */
    public static final int LIST_ENTRIES = 200;

    /**
     * How many debts one list of a role card shows at most (the debts it owes, the debts in its court), newest first:
     * a card is read at a glance, and the count above each list is the whole (ADR 66).
     */
    public static final int CARD_ENTRIES = 50;

    /** How many items (handoff projects, say) the owner's index shows of another feature's state. */
    public static final int SUMMARY_ITEMS = 50;

    private BoardLimits() {}

    /**
     * The most characters (code points, as {@code body_length_chars} counts them) of one message or pin body a board
     * page shows; the rest is named, not sent. Message bodies are read only that far (a prefix-only read).
     */
    public static final int BODY_SHOWN = 16_384;

    /**
     * @param body a pin's whole body
     * @return as {@link #shown(String, long)}
     */
    public static String shown(String body) {
        int chars = body.codePointCount(0, body.length());
        return shown(chars <= BODY_SHOWN ? body : body.substring(0, body.offsetByCodePoints(0, BODY_SHOWN)), chars);
    }

    /**
     * @param prefix     a body's first {@value #BODY_SHOWN} characters, or all of it when shorter
     * @param wholeChars the whole body's length in characters
     * @return the prefix, and when the body is longer a line saying how many characters were left out and where to
     *     read them: a board page stays small however large the bodies agents send (8 MiB each)
     */
    public static String shown(String prefix, long wholeChars) {
        if (wholeChars <= BODY_SHOWN) {
            return prefix;
        }
        return prefix + "\n[... " + (wholeChars - BODY_SHOWN)
                + " more characters not shown on the board; read the whole body with get_thread or pin_get]";
    }
}
