package dev.switchboard.plugin.mailbox.hook.application.port.out;

/**
 * Why the hooks or the status CLI could not learn the counts: the message says what failed and never holds a token.
 * The hooks pass (silently when the server is {@link Kind#UNREACHABLE}, with a warning otherwise; an
 * {@link Kind#UNKNOWN} role or channel is said once, see {@code StopHook}); the status CLI exits 2.
 */
public final class HookFailure extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** The kinds of failure. */
    public enum Kind {
        /** The server could not be reached (refused, timed out, DNS, TLS handshake): the hooks pass silently. */
        UNREACHABLE,
        /** The server answered, but not with counts (401, 403, 404, 5xx, a redirect, a body that does not parse). */
        ANSWER,
        /** The setup is wrong: a refused URL, a bad token file, no token, no role. */
        SETUP,
        /** The local store cannot be read. */
        STORE,
        /**
         * The role or the local channel names nothing in the store (a typo, or a role before its first message:
         * {@code KnownTarget}): the status CLI exits 2 naming the known ones; the stop hook says so once.
         */
        UNKNOWN
    }

    private final Kind kind;
    private final boolean tokenRefused;
    private final String subject;

    /**
     * @param kind    the kind
     * @param message what failed, without a token
     */
    public HookFailure(Kind kind, String message) {
        this(kind, message, false);
    }

    private HookFailure(Kind kind, String message, boolean tokenRefused) {
        this(kind, message, tokenRefused, "");
    }

    private HookFailure(Kind kind, String message, boolean tokenRefused, String subject) {
        super(message, null, false, false);
        this.kind = kind;
        this.tokenRefused = tokenRefused;
        this.subject = subject;
    }

    /**
     * @param channel the local channel's name
     * @param role    the role asked for
     * @param message why it is unknown, naming the known roles or channels
     * @return an {@link Kind#UNKNOWN} failure about that channel and role
     */
    public static HookFailure unknown(String channel, String role, String message) {
        return new HookFailure(Kind.UNKNOWN, message, false, channel + "-" + role);
    }

    /** @return for {@link Kind#UNKNOWN}, {@code <channel>-<role>}; else empty */
    public String subject() {
        return subject;
    }

    /**
     * @param message what failed, without a token
     * @return an {@link Kind#ANSWER} failure whose server refused the token (401, 403, or the {@code FORBIDDEN} body
     *     of a held poll whose token was revoked or whose channel was deleted): asking again with it cannot succeed
     */
    public static HookFailure tokenRefused(String message) {
        return new HookFailure(Kind.ANSWER, message, true);
    }

    /** @return the kind */
    public Kind kind() {
        return kind;
    }

    /** @return whether the server refused the token, so that asking again with it cannot succeed */
    public boolean isTokenRefused() {
        return tokenRefused;
    }
}
