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

    private BoardLimits() {}
}
