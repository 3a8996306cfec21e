package dev.switchboard.kernel.secrets;

import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One rule: an id, what it catches, the pattern whose every match is a finding, and the literal anchors every match
 * contains. The pattern runs only over text that holds at least one anchor: a substring search is far cheaper than a
 * regular expression, and most text holds none, so a scan costs little more than one pass per anchor. A rule without
 * anchors always runs. The pattern is compiled once and shared; {@link Pattern} is thread-safe.
 *
 * @param anchors          literals of which every match contains at least one
 * @param anchorsIgnoreCase whether the anchors are compared ignoring case (for a rule whose pattern is
 *                         case-insensitive there); otherwise exactly as written
 */
record SecretRule(String id, String description, Pattern pattern, List<String> anchors, boolean anchorsIgnoreCase) {

    SecretRule {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(pattern, "pattern");
        anchors = List.copyOf(anchors);
    }

    static SecretRule of(String id, String description, String regex, String... anchors) {
        return new SecretRule(id, description, Pattern.compile(regex), List.of(anchors), false);
    }

    /** Like {@link #of}, with anchors found in any letter case. */
    static SecretRule ofAnchorsIgnoringCase(String id, String description, String regex, String... anchors) {
        return new SecretRule(id, description, Pattern.compile(regex), List.of(anchors), true);
    }

    /** @return whether the text may hold a match: it contains an anchor, or the rule has none */
    boolean mayMatch(String text) {
        if (anchors.isEmpty()) {
            return true;
        }
        for (String anchor : anchors) {
            if (anchorsIgnoreCase ? containsIgnoringCase(text, anchor) : text.contains(anchor)) {
                return true;
            }
        }
        return false;
    }

    /**
     * A substring search ignoring case without copying the text. {@link String#regionMatches(boolean, int, String,
     * int, int)} folds case more widely than a regex's ASCII-only {@code (?i)}, so it never rules out a real match.
     */
    static boolean containsIgnoringCase(String text, String anchor) {
        int length = anchor.length();
        char lower = Character.toLowerCase(anchor.charAt(0));
        char upper = Character.toUpperCase(anchor.charAt(0));
        for (int i = 0, last = text.length() - length; i <= last; i++) {
            char c = text.charAt(i);
            if ((c == lower || c == upper) && text.regionMatches(true, i, anchor, 0, length)) {
                return true;
            }
        }
        return false;
    }

    RuleInfo info() {
        return new RuleInfo(id, description);
    }
}
