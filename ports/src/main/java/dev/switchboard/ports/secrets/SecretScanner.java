package dev.switchboard.ports.secrets;

import java.util.List;

import org.pf4j.ExtensionPoint;

/**
 * Finds secrets in text. The kernel provides a default rule set and injects a {@link SecretScanner} into every
 * plugin; a plugin MAY contribute further scanners as extensions, whose findings the kernel adds to the default's.
 * Implementations MUST be thread-safe and MUST NOT log or return matched text.
 */
public interface SecretScanner extends ExtensionPoint {

    /**
     * @param field the field's name, copied into each finding
     * @param text  the text to scan; null counts as empty
     * @return the findings in order of offset; empty when clean
     */
    List<SecretFinding> scan(String field, String text);
}
