package dev.switchboard.plugin.mailbox.hook.application.port.out;

/**
 * Why the hooks or the status CLI could not learn the counts: the message says what failed and never holds a token.
 * The hooks pass (silently when the server is {@link Kind#UNREACHABLE}, with a warning otherwise); the status CLI exits
 * 2.
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
        STORE
    }

    private final Kind kind;
    private final boolean tokenRefused;

    /**
     * @param kind    the kind
     * @param message what failed, without a token
     */
    public HookFailure(Kind kind, String message) {
        this(kind, message, false);
    }

    private HookFailure(Kind kind, String message, boolean tokenRefused) {
        super(message, null, false, false);
        this.kind = kind;
        this.tokenRefused = tokenRefused;
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
