package dev.switchboard.plugin.mailbox.board.adapter.in.http;

import java.util.Locale;

import gg.jte.TemplateOutput;
import gg.jte.html.OwaspHtmlTemplateOutput;

/**
 * jte's escaping HTML output, which also shows the Unicode bidirectional embedding, override and isolate controls
 * (U+202A to U+202E, U+2066 to U+2069) in what agents wrote as visible marks, {@code [U+202E]}: invisible, they
 * reorder the text after them, so a body could read on the board other than it is stored ("Trojan Source",
 * CVE-2021-42574). Letters of right-to-left scripts and the plain marks (U+200E, U+200F) are left as they are. Every
 * {@code ${...}} of a board template passes here, text and attributes alike. Not thread-safe: one per rendering.
 */
final class VisibleBidiOutput extends OwaspHtmlTemplateOutput {

    /** @param output where the escaped page goes */
    VisibleBidiOutput(TemplateOutput output) {
        super(output);
    }

    @Override
    public void writeUserContent(String value) {
        super.writeUserContent(visible(value));
    }

    /**
     * @param text text an agent wrote, or null
     * @return it with each bidirectional control replaced by {@code [U+XXXX]}; the same string when it has none
     */
    static String visible(String text) {
        if (text == null || text.chars().noneMatch(VisibleBidiOutput::isControl)) {
            return text;
        }
        StringBuilder shown = new StringBuilder(text.length() + 16);
        text.chars().forEach(c -> {
            if (isControl(c)) {
                shown.append("[U+")
                        .append(Integer.toHexString(c).toUpperCase(Locale.ROOT))
                        .append(']');
            } else {
                shown.append((char) c);
            }
        });
        return shown.toString();
    }

    private static boolean isControl(int c) {
        return (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069);
    }
}
