package dev.switchboard.kernel.secrets;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;

import dev.switchboard.ports.secrets.SecretFinding;
import dev.switchboard.ports.secrets.SecretScanner;

/**
 * The kernel's default {@link SecretScanner}: runs every rule of a fixed set over the text and reports one finding per
 * match, with the rule id, the field and the UTF-16 offset where the match starts, never the matched text. Findings
 * come in order of offset; two rules matching at the same offset keep the order of {@link #rules()}. Different rules
 * may report overlapping matches (a JWT inside a Bearer header gives both a {@code bearer-token} and a {@code jwt}
 * finding).
 *
 * <p>Immutable and thread-safe: the patterns are compiled once per class and each scan uses its own matchers. Every
 * repetition in the rules is bounded, so scanning a text of a few megabytes takes time roughly linear in its length.
 */
public final class DefaultSecretScanner implements SecretScanner {

    /** The prefix of every token Switchboard issues; the rest is 43 base64url characters (256 random bits). */
    public static final String SWITCHBOARD_TOKEN_PREFIX = "sbt_";

    private static final List<RuleInfo> RULE_INFOS =
            SecretRules.DEFAULTS.stream().map(SecretRule::info).toList();

    /** Creates the scanner; cheap, since the rules are compiled once per class. */
    public DefaultSecretScanner() {
        // nothing to set up: the rules are static
    }

    /**
     * @param field the field's name, copied into each finding; not null
     * @param text  the text to scan; null counts as empty
     * @return the findings in order of offset, empty when clean; immutable
     * @throws NullPointerException if {@code field} is null
     */
    @Override
    public List<SecretFinding> scan(String field, String text) {
        Objects.requireNonNull(field, "field");
        if (text == null || text.isEmpty()) {
            return List.of();
        }
        List<SecretFinding> findings = new ArrayList<>();
        for (SecretRule rule : SecretRules.DEFAULTS) {
            if (!rule.mayMatch(text)) {
                continue;
            }
            Matcher matcher = rule.pattern().matcher(text);
            while (matcher.find()) {
                findings.add(new SecretFinding(rule.id(), field, matcher.start()));
            }
        }
        // List.sort is stable, so findings at the same offset stay in rule order.
        findings.sort(Comparator.comparingInt(SecretFinding::offset));
        return List.copyOf(findings);
    }

    /** @return the id and description of every rule, in the order findings at one offset are reported; immutable */
    public List<RuleInfo> rules() {
        return RULE_INFOS;
    }
}
