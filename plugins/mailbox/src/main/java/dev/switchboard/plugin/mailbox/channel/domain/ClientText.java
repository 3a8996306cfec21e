package dev.switchboard.plugin.mailbox.channel.domain;

/**
 * How the mailbox's refusals repeat what a client sent: at most {@value #MAX_CODE_POINTS} code points of it, then
 * {@code ...}, cut between code points, so an overlong role name or key is named without being sent back whole. The
 * rule of {@code dev.switchboard.ports.tool.Echo}, kept here because a domain package depends on {@code java} only;
 * every mailbox layer uses this one. Stateless and thread-safe.
 */
public final class ClientText {

    /** The most code points of client text a refusal repeats (as {@code ports.tool.Echo}). */
    public static final int MAX_CODE_POINTS = 64;

    private ClientText() {}

    /**
     * @param value what the client sent (its {@link String#valueOf} text), or null
     * @return it in single quotes, cut to {@value #MAX_CODE_POINTS} code points and {@code ...} when longer, such as
     *         {@code 'frontend'}; {@code 'null'} for null
     */
    public static String quoted(Object value) {
        String text = String.valueOf(value);
        if (text.length() > MAX_CODE_POINTS && text.codePointCount(0, text.length()) > MAX_CODE_POINTS) {
            text = text.substring(0, text.offsetByCodePoints(0, MAX_CODE_POINTS)) + "...";
        }
        return "'" + text + "'";
    }
}
