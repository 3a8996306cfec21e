package dev.switchboard.plugin.mailbox.decision.application;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.Refusal;

/**
 * The {@code fields} argument of tools whose entries are not messages ({@code get_acknowledgements}'s answer,
 * {@code pin_history}'s versions, {@code backfill_superseded}'s lines): absent or null = every field;
 * {@code "headers"} = the tool's preset; a non-empty list of the tool's field names = exactly those. Anything else is
 * refused naming {@code fields}. Immutable.
 */
public final class AnswerFields {

    private final Set<String> kept;

    private AnswerFields(Set<String> kept) {
        this.kept = kept;
    }

    /**
     * @param fields  the argument as sent: null, a string or a list
     * @param allowed the tool's field names
     * @param headers the {@code "headers"} preset
     * @return the projection, or INVALID_ARGUMENTS naming {@code fields} and the allowed names
     */
    public static Outcome<AnswerFields> parse(Object fields, List<String> allowed, List<String> headers) {
        if (fields == null) {
            return Outcome.done(new AnswerFields(null));
        }
        if ("headers".equals(fields)) {
            return Outcome.done(new AnswerFields(new LinkedHashSet<>(headers)));
        }
        String named = "the fields are " + String.join(", ", allowed) + ", or \"headers\"";
        if (!(fields instanceof List<?> names)) {
            return Outcome.refused(Refusal.invalid("fields", "must be \"headers\" or a list of names; " + named));
        }
        if (names.isEmpty()) {
            return Outcome.refused(Refusal.invalid(
                    "fields", "an empty list selects nothing; leave fields out for every field, or name some"));
        }
        Set<String> kept = new LinkedHashSet<>();
        for (Object name : names) {
            if (!allowed.contains(String.valueOf(name))) {
                return Outcome.refused(Refusal.invalid("fields", "unknown field '" + name + "'; " + named));
            }
            kept.add(String.valueOf(name));
        }
        return Outcome.done(new AnswerFields(kept));
    }

    /**
     * @param entry an entry with every field
     * @return the kept fields, in the entry's order
     */
    public Map<String, Object> apply(Map<String, Object> entry) {
        if (kept == null) {
            return entry;
        }
        Map<String, Object> projected = new LinkedHashMap<>();
        entry.forEach((name, value) -> {
            if (kept.contains(name)) {
                projected.put(name, value);
            }
        });
        return projected;
    }
}
