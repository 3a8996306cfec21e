package dev.switchboard.plugin.handoff.application;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalInt;

import dev.switchboard.plugin.handoff.domain.WellFormedText;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.Refusal;

/**
 * The check every tool that stores free text runs first: text with a NUL character is refused as
 * {@code INVALID_ARGUMENTS} naming the field, on every backend alike, since PostgreSQL text cannot hold it (SQLite
 * could, so without the check the same call would be stored on one backend and fail on the other). Stateless.
 */
final class StorableText {

    private StorableText() {}

    /**
     * @param namesAndValues argument name, value, name, value ...; a null value is an absent argument and passes
     * @return done, or the refusal naming the first field with a NUL
     */
    static Outcome<Boolean> check(String... namesAndValues) {
        Map<String, String> fields = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            fields.put(namesAndValues[i], namesAndValues[i + 1]);
        }
        return check(fields);
    }

    /**
     * @param fields the values to store by the argument name that carried them (such as {@code paths[2]}); null
     *               values are absent arguments and pass
     * @return done, or the refusal naming the first field with a NUL
     */
    static Outcome<Boolean> check(Map<String, String> fields) {
        for (Map.Entry<String, String> field : fields.entrySet()) {
            OptionalInt at = field.getValue() == null ? OptionalInt.empty() : WellFormedText.nul(field.getValue());
            if (at.isPresent()) {
                return Outcome.refused(Refusal.invalid(
                        field.getKey(),
                        "holds a NUL character (\\u0000) at index " + at.getAsInt()
                                + ", which the database cannot store as text; remove it, or spell it out"));
            }
        }
        return Outcome.done(true);
    }
}
