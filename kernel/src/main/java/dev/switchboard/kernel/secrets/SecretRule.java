package dev.switchboard.kernel.secrets;

import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One rule: an id, what it catches, the pattern whose every match is a finding, and the literal anchors every match
 * contains. The pattern runs only over text that holds at least one anchor: a substring search is far cheaper than a
 * regular expression, and most text holds none, so a scan costs little more than one pass per anchor. A rule without
 * anchors (a case-insensitive one) always runs. The pattern is compiled once and shared; {@link Pattern} is
 * thread-safe.
 *
 * @param anchors literals of which every match contains at least one, exactly as written (case-sensitive)
 */
record SecretRule(String id, String description, Pattern pattern, List<String> anchors) {

    SecretRule {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(pattern, "pattern");
        anchors = List.copyOf(anchors);
    }

    static SecretRule of(String id, String description, String regex, String... anchors) {
        return new SecretRule(id, description, Pattern.compile(regex), List.of(anchors));
    }

    /** @return whether the text may hold a match: it contains an anchor, or the rule has none */
    boolean mayMatch(String text) {
        if (anchors.isEmpty()) {
            return true;
        }
        for (String anchor : anchors) {
            if (text.contains(anchor)) {
                return true;
            }
        }
        return false;
    }

    RuleInfo info() {
        return new RuleInfo(id, description);
    }
}
