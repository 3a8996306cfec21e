package dev.switchboard.plugin.handoff.application;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.inject.Inject;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.switchboard.plugin.handoff.domain.HandoffDraft;
import dev.switchboard.ports.secrets.SecretFinding;
import dev.switchboard.ports.secrets.SecretScanner;
import dev.switchboard.ports.tool.ErrorCode;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.Refusal;

/**
 * The secret guardrail of a publish: scans title, summary, content, each tag, source reference and each suggested
 * target with the kernel's {@link SecretScanner}. A finding refuses the publish with the rule id, the field and the
 * offset, never the matched text. The refusal can be overridden only when both the operator setting
 * ({@code plugins.handoff.allow-sensitive}) and the call ({@code allow_sensitive: true}) say so.
 */
final class SecretGuard {

    private static final Logger LOG = LoggerFactory.getLogger(SecretGuard.class);

    private final SecretScanner scanner;
    private final HandoffSettings settings;

    @Inject
    SecretGuard(SecretScanner scanner, HandoffSettings settings) {
        this.scanner = scanner;
        this.settings = settings;
    }

    /**
     * @param draft          the draft to scan
     * @param allowSensitive the caller's half of the override
     * @return the rule ids the override let through (empty when clean), or a {@link Reason#SECRET_DETECTED} refusal
     */
    Outcome<List<String>> check(HandoffDraft draft, boolean allowSensitive) {
        List<SecretFinding> findings = scan(draft);
        if (findings.isEmpty()) {
            return Outcome.done(List.of());
        }
        List<String> rules =
                findings.stream().map(SecretFinding::ruleId).distinct().toList();
        if (allowSensitive && settings.allowSensitive()) {
            LOG.warn("secret guardrail overridden on request (operator setting allows it); rules {}", rules);
            return Outcome.done(rules);
        }
        return Outcome.refused(refusal(findings, allowSensitive));
    }

    private List<SecretFinding> scan(HandoffDraft draft) {
        List<SecretFinding> findings = new ArrayList<>();
        findings.addAll(scanner.scan("title", draft.title()));
        findings.addAll(scanner.scan("summary", draft.summary()));
        findings.addAll(scanner.scan("content", draft.content()));
        for (int i = 0; i < draft.tags().size(); i++) {
            findings.addAll(scanner.scan("tags[" + i + "]", draft.tags().get(i)));
        }
        findings.addAll(scanner.scan("source_reference", draft.sourceReference()));
        for (int i = 0; i < draft.suggestedTargets().size(); i++) {
            findings.addAll(scanner.scan(
                    "suggested_targets[" + i + "]", draft.suggestedTargets().get(i)));
        }
        return findings;
    }

    private Refusal refusal(List<SecretFinding> findings, boolean allowSensitive) {
        SecretFinding first = findings.getFirst();
        String override = allowSensitive
                ? "allow_sensitive was set, but the operator has not enabled plugins.handoff.allow-sensitive, so the"
                        + " override is not available"
                : "an override needs both the operator setting plugins.handoff.allow-sensitive=true and"
                        + " allow_sensitive=true on the call, and should be used only when the user insists";
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("field", first.field());
        details.put("findings", findings.stream().map(SecretGuard::finding).toList());
        details.put("override_available", settings.allowSensitive());
        return new Refusal(
                ErrorCode.SECRET_DETECTED,
                "the handoff looks like it contains a credential (rule "
                        + first.ruleId() + " in " + first.field() + " at offset " + first.offset() + "); nothing was"
                        + " stored. Remove or redact it and publish again; " + override,
                details);
    }

    private static Map<String, Object> finding(SecretFinding finding) {
        Map<String, Object> shape = new LinkedHashMap<>();
        shape.put("rule", finding.ruleId());
        shape.put("field", finding.field());
        shape.put("offset", finding.offset());
        return shape;
    }
}
