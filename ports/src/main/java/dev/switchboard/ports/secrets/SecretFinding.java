package dev.switchboard.ports.secrets;

import java.util.Objects;

/**
 * One suspected secret. Deliberately holds no part of the matched text, so it can be shown to anyone.
 *
 * @param ruleId which rule matched, such as {@code aws-access-key-id}
 * @param field  the field that was scanned, such as {@code content}
 * @param offset where the match starts, in UTF-16 chars from the start of the field's text
 */
public record SecretFinding(String ruleId, String field, int offset) {
    /** @throws NullPointerException if {@code ruleId} or {@code field} is null */
    public SecretFinding {
        Objects.requireNonNull(ruleId, "ruleId");
        Objects.requireNonNull(field, "field");
    }
}
