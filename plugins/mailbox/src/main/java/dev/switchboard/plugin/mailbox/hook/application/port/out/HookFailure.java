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

    /**
     * @param kind    the kind
     * @param message what failed, without a token
     */
    public HookFailure(Kind kind, String message) {
        super(message, null, false, false);
        this.kind = kind;
    }

    /** @return the kind */
    public Kind kind() {
        return kind;
    }
}
