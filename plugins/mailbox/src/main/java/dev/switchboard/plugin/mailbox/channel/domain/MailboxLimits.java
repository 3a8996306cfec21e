package dev.switchboard.plugin.mailbox.channel.domain;

/**
 * Every limit of the mailbox, as ai-agent-channel 0.2.0 enforces it (seed-features §1C.2 and §2.5, the repository's
 * values where the seed differs). Lengths of text are counted in characters (Unicode code points, as Python's
 * {@code len}) unless the name says bytes. Constants only.
 */
public final class MailboxLimits {

    /** A message topic and a pin key: at most 80 characters after trimming (§1C.2 send_message, §2.5). */
    public static final int TOPIC_CHARS = 80;

    /** A {@code pin_key} on a message and a pin's key (§1C.2 send_message, pin_set). */
    public static final int PIN_KEY_CHARS = 80;

    /** A pin title (§1C.2 pin_set). */
    public static final int PIN_TITLE_CHARS = 200;

    /** A pin version label and an upload label (§1C.2 pin_set, upload_content). */
    public static final int VERSION_CHARS = 80;

    /** An upload label (§1C.2 upload_content). */
    public static final int LABEL_CHARS = 80;

    /** A note, reason, resolution note or one addendum (§2.5). */
    public static final int NOTE_CHARS = 4000;

    /** The {@code topic} and {@code text} filters of list_messages (§1C.2 list_messages, §2.5). */
    public static final int FILTER_CHARS = 200;

    /** The smallest {@code limit} of a listing (§1C.2: "limit is always 1..1000"). */
    public static final int LIMIT_MIN = 1;

    /** The largest {@code limit} of a listing. */
    public static final int LIMIT_MAX = 1000;

    /** An upload's total size in UTF-8 bytes: 8 MiB (§1C.2 upload_content). */
    public static final int UPLOAD_BYTES = 8 * 1024 * 1024;

    /**
     * A body given directly ({@code body} of send_message, revise_message and pin_set), in UTF-8 bytes: the upload's
     * 8 MiB. The original bounds bodies "by the upload limit" (its {@code tools/common.py}) but never checks one given
     * directly, so one call could store, and every reader's listing carry, any size the transport let through (a
     * 12 MB body was accepted); Switchboard refuses what an upload could not hold either (docs/mailbox-protocol.md,
     * "Limits").
     */
    public static final int BODY_BYTES = UPLOAD_BYTES;

    /** A search query's length in characters (§1C.2 search_messages). */
    public static final int QUERY_CHARS = 4096;

    /** A search query's number of terms. */
    public static final int QUERY_TERMS = 256;

    /** A search query's parenthesis depth. */
    public static final int QUERY_DEPTH = 256;

    /** The shortest term the trigram index can answer; shorter ones are scanned. */
    public static final int TRIGRAM_TERM_CHARS = 3;

    /** The longest a wait blocks in one call, whatever {@code timeout_s} asks (§1C.2 waits). */
    public static final int WAIT_EFFECTIVE_SECONDS = 50;

    /** The largest {@code timeout_s} a wait accepts. */
    public static final int WAIT_TIMEOUT_MAX_SECONDS = 3600;

    /** The smallest {@code poll_interval_s} a wait accepts. */
    public static final double WAIT_POLL_MIN_SECONDS = 0.1;

    /** The largest {@code poll_interval_s} a wait accepts. */
    public static final double WAIT_POLL_MAX_SECONDS = 60;

    /** Roles of a hosted channel: at least 2 (§1C.2 create_channel, §2.5). */
    public static final int ROLES_MIN = 2;

    /** Roles of a hosted channel: at most 12. */
    public static final int ROLES_MAX = 12;

    /**
     * The most characters (code points) of one message body a listing shows: 65,536 (Switchboard's addition). A
     * longer body is cut to them, by the database, with {@code body_cut} beside it; {@code get_thread} shows it whole.
     */
    public static final int LISTING_BODY_CHARS = 65_536;

    /**
     * The most bytes of JSON a listing's entries take together: 1 MiB (Switchboard's addition). The entries that
     * would take it past are left out, as if {@code limit} had been lower, and {@code truncated} says so; the first
     * entry is always shown.
     */
    public static final int LISTING_BYTES = 1024 * 1024;

    /**
     * The most entries a {@code to} list of send_message may have: 64. No channel has that many other roles (a hosted
     * roster holds {@value #ROLES_MAX}), so a longer list can only be typos or an attack; it is refused
     * ({@code LIMIT_EXCEEDED}) before any name in it is looked at, so its cost stays bounded by this number
     * (Switchboard's addition: the original accepted a list of 1,300,000 names).
     */
    public static final int RECIPIENTS_MAX = 64;

    /** A role name (the hosted slug's length, also applied to a stdio role: §1C.2 create_channel). */
    public static final int ROLE_CHARS = 64;

    private MailboxLimits() {}
}
