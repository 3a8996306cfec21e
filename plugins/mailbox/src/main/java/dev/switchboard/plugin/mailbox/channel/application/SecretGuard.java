package dev.switchboard.plugin.mailbox.channel.application;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.ports.plugin.PluginContext;
import dev.switchboard.ports.secrets.SecretFinding;
import dev.switchboard.ports.secrets.SecretScanner;
import dev.switchboard.ports.tool.ErrorCode;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.Refusal;

/**
 * The mailbox's secret guardrail (beyond the original, #2): the kernel's {@link SecretScanner} over every text a
 * write would store and share with peers (a message's topic, body and addenda; an upload; a pin body). A finding
 * refuses the write with {@code SECRET_DETECTED}, naming the rule and the field and never the matched text. The
 * refusal is overridden only when the operator setting {@value #SETTING} is true and the call passes
 * {@code allow_sensitive: true}; the caller records the override (the rule ids this returns). Thread-safe.
 */
@Singleton
public final class SecretGuard {

    /** The operator's half of the override. */
    public static final String SETTING = "plugins.mailbox.allow-sensitive";

    private final SecretScanner scanner;
    private final boolean operatorAllows;

    @Inject
    SecretGuard(SecretScanner scanner, PluginContext context) {
        this.scanner = scanner;
        this.operatorAllows = context.settings().flag(MailboxSettingKeys.ALLOW_SENSITIVE, false);
    }

    /**
     * @param texts          field name to text (null texts are skipped), in the order to report
     * @param allowSensitive the caller's half of the override
     * @return the rule ids the override let through (empty when clean), or the SECRET_DETECTED refusal
     */
    public Outcome<List<String>> check(Map<String, String> texts, boolean allowSensitive) {
        return scan(texts, allowSensitive);
    }

    /**
     * For a note that peers read (a resolution note, a reason, a vote's note): a tool without an {@code
     * allow_sensitive} argument, so a finding always refuses.
     *
     * @param field the argument's name
     * @param text  the note, or null (nothing to check)
     * @return done when clean, or the SECRET_DETECTED refusal naming the rule and the field, never the secret
     */
    public Outcome<List<String>> checkNote(String field, String text) {
        Map<String, String> texts = new LinkedHashMap<>();
        texts.put(field, text);
        return scan(texts, false);
    }

    private Outcome<List<String>> scan(Map<String, String> texts, boolean allowSensitive) {
        List<SecretFinding> findings = new ArrayList<>();
        texts.forEach((field, text) -> {
            if (text != null) {
                findings.addAll(scanner.scan(field, text));
            }
        });
        if (findings.isEmpty()) {
            return Outcome.done(List.of());
        }
        if (allowSensitive && operatorAllows) {
            return Outcome.done(
                    findings.stream().map(SecretFinding::ruleId).distinct().toList());
        }
        SecretFinding first = findings.getFirst();
        String override = allowSensitive
                ? "allow_sensitive was set, but the operator has not enabled " + SETTING + ", so no override is"
                        + " available"
                : "an override needs both the operator setting " + SETTING + "=true and allow_sensitive=true on the"
                        + " call, and is recorded";
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("field", first.field());
        details.put(
                "findings",
                findings.stream()
                        .map(finding -> Map.<String, Object>of(
                                "rule", finding.ruleId(), "field", finding.field(), "offset", finding.offset()))
                        .toList());
        details.put("override_available", operatorAllows);
        return Outcome.refused(new Refusal(
                ErrorCode.SECRET_DETECTED,
                "this looks like it contains a credential (rule " + first.ruleId() + " in " + first.field()
                        + " at offset " + first.offset() + "); nothing was written, and peers would have read it."
                        + " Remove or redact it and try again; " + override,
                details));
    }
}
