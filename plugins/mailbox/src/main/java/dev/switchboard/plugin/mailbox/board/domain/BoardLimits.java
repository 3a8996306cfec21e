package dev.switchboard.plugin.mailbox.board.domain;

import java.time.Duration;

/** The board's fixed limits (seed-features §1C.8). */
public final class BoardLimits {

    /** The session cookie's name. */
    public static final String COOKIE = "cc_board";

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

    /** How many items (handoff projects, say) the owner's index shows of another feature's state. */
    public static final int SUMMARY_ITEMS = 50;

    private BoardLimits() {}

    /** The most characters of one message or pin body a board page shows; the rest is named, not sent. */
    public static final int BODY_SHOWN = 16_384;

    /**
     * @param body a message's or pin's whole body
     * @return it when at most {@value #BODY_SHOWN} characters, otherwise its first {@value #BODY_SHOWN} (cut between
     *     code points) and a line saying how long the whole is and where to read it: a board page stays small
     *     however large the bodies agents send (8 MiB each)
     */
    public static String shown(String body) {
        if (body.length() <= BODY_SHOWN) {
            return body;
        }
        int end = Character.isHighSurrogate(body.charAt(BODY_SHOWN - 1)) ? BODY_SHOWN - 1 : BODY_SHOWN;
        return body.substring(0, end) + "\n[... " + (body.length() - end)
                + " more characters not shown on the board; read the whole body with get_thread or pin_get]";
    }
}
