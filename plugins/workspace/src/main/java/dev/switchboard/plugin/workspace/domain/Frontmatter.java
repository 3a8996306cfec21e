package dev.switchboard.plugin.workspace.domain;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The YAML-style frontmatter of a {@code SKILL.md}: the {@code key: value} lines between a leading {@code ---} line
 * and the next {@code ---} line. Only flat scalar keys are read (quotes around a value are removed); anything else is
 * ignored. Stateless.
 */
public final class Frontmatter {

    private Frontmatter() {}

    /**
     * @param markdown the file's text
     * @return the keys in file order; empty when the file has no frontmatter
     */
    public static Map<String, String> of(String markdown) {
        Map<String, String> keys = new LinkedHashMap<>();
        String[] lines = markdown.replace("\r\n", "\n").split("\n", -1);
        if (lines.length == 0 || !lines[0].strip().equals("---")) {
            return keys;
        }
        for (int i = 1; i < lines.length && !lines[i].strip().equals("---"); i++) {
            int colon = lines[i].indexOf(':');
            if (colon > 0 && !Character.isWhitespace(lines[i].charAt(0))) {
                keys.put(
                        lines[i].substring(0, colon).strip(),
                        unquote(lines[i].substring(colon + 1).strip()));
            }
        }
        return keys;
    }

    private static String unquote(String value) {
        if (value.length() >= 2
                && (value.startsWith("\"") && value.endsWith("\"") || value.startsWith("'") && value.endsWith("'"))) {
            return value.substring(1, value.length() - 1);
        }
        return value;
    }
}
