package dev.switchboard.plugin.mailbox.hook.domain;

/**
 * Text for a terminal: every control character (C0 {@code U+0000..U+001F}, DEL {@code U+007F}, C1
 * {@code U+0080..U+009F}) replaced by its visible Java escape, such as {@code \u001b}, so that a string a server
 * supplied (a channel, a role, a counter's name, a pin's key) cannot move the cursor, recolour the terminal or forge a
 * line of its own. Text without control characters is returned as it is. The JSON outputs do not use it: the JSON
 * writer escapes C0 control characters (JSON's rule) and passes C1 ones as UTF-8, as JSON allows. Stateless and
 * thread-safe.
 */
public final class TerminalText {

    private TerminalText() {}

    /**
     * @param text any text
     * @return it with each control character replaced by {@code \}{@code uXXXX} (four lower-case hex digits)
     */
    public static String escaped(String text) {
        StringBuilder out = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (isControl(c)) {
                if (out == null) {
                    out = new StringBuilder(text.length() + 16).append(text, 0, i);
                }
                out.append(String.format("\\u%04x", (int) c));
            } else if (out != null) {
                out.append(c);
            }
        }
        return out == null ? text : out.toString();
    }

    private static boolean isControl(char c) {
        return c < 0x20 || (c >= 0x7f && c <= 0x9f);
    }
}
