package dev.switchboard.ports.secrets;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import dev.switchboard.ports.tool.ErrorCode;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.Refusal;

/**
 * The secret guardrail of a write that others will read: the kernel's {@link SecretScanner} over each text. A finding
 * refuses the write with {@link ErrorCode#SECRET_DETECTED}, naming the rule, the field and the offset, never the
 * matched text ({@code details}: {@code field} of the first finding, {@code findings} [{rule, field, offset}],
 * {@code override_available}). The refusal is overridden only when both the operator setting (a plugin's
 * {@code allow-sensitive} flag) and the call ({@code allow_sensitive: true}) say so; the caller then records the
 * override (the rule ids this returns). A plugin builds one in its module, such as
 * {@code new SecretGuard(scanner, "plugins.handoff.allow-sensitive", settings.allowSensitive())}. Immutable and
 * thread-safe when the scanner is (the kernel's is).
 *
 * @param scanner        the kernel's scanner
 * @param setting        the operator setting's full key, named in the refusal's way out
 * @param operatorAllows whether the operator enabled the override
 */
public record SecretGuard(SecretScanner scanner, String setting, boolean operatorAllows) {

    /** @throws NullPointerException if {@code scanner} or {@code setting} is null */
    public SecretGuard {
        Objects.requireNonNull(scanner, "scanner");
        Objects.requireNonNull(setting, "setting");
    }

    /**
     * @param texts          field name to text (null texts are skipped), in the order to report, such as
     *                       {@code title}, {@code tags[0]}
     * @param allowSensitive the caller's half of the override
     * @return the distinct rule ids the override let through (empty when clean), or the SECRET_DETECTED refusal
     */
    public Outcome<List<String>> check(Map<String, String> texts, boolean allowSensitive) {
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
        return Outcome.refused(refusal(findings, allowSensitive));
    }

    /**
     * For a note that peers read (a resolution note, a reason) of a tool without an {@code allow_sensitive}
     * argument, so a finding always refuses.
     *
     * @param field the argument's name
     * @param text  the note, or null (nothing to check)
     * @return done when clean, or the SECRET_DETECTED refusal
     */
    public Outcome<List<String>> checkNote(String field, String text) {
        Map<String, String> texts = new LinkedHashMap<>();
        texts.put(field, text);
        return check(texts, false);
    }

    private Refusal refusal(List<SecretFinding> findings, boolean allowSensitive) {
        SecretFinding first = findings.getFirst();
        String override = allowSensitive
                ? "allow_sensitive was set, but the operator has not enabled " + setting + ", so no override is"
                        + " available"
                : "an override needs both the operator setting " + setting + "=true and allow_sensitive=true on the"
                        + " call, is recorded, and should be used only when the user insists";
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("field", first.field());
        details.put("findings", findings.stream().map(SecretGuard::finding).toList());
        details.put("override_available", operatorAllows);
        return new Refusal(
                ErrorCode.SECRET_DETECTED,
                "this looks like it contains a credential (rule " + first.ruleId() + " in " + first.field()
                        + " at offset " + first.offset() + "); nothing was written. Remove or redact it and try"
                        + " again; " + override,
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
