package dev.switchboard.plugin.mailbox.channel.application;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.switchboard.plugin.mailbox.channel.domain.ClientText;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.Refusal;

/**
 * The {@code fields} argument (§1C.2) of the listing tools, and of the tools that project another answer
 * ({@link #parse(Object, List, List)}): absent or null = every field; {@code "headers"} = every field except bodies
 * (the preset below); a list of names = exactly those ({@code from_role}/{@code to_role} accepted
 * for {@code from}/{@code to}). An unknown name or an empty list is refused. A field a message does not have (acks on
 * a non-proposal, addendum for a non-recipient) is simply not in its entry. Immutable.
 */
public final class Projection {

    /** The argument's name. */
    public static final String ARGUMENT = "fields";

    /** The input-schema property to paste into a listing tool's {@code properties}. */
    public static final String SCHEMA_PROPERTY = "\"fields\": {\"description\": \"Optional: which fields each entry"
            + " has: a list of names, or \\\"headers\\\" for every field except bodies. Unknown names are refused.\","
            + " \"anyOf\": [{\"type\": \"string\"}, {\"type\": \"array\", \"items\": {\"type\": \"string\"}}, {\"type\":"
            + " \"null\"}]}";

    /** Every projectable field of a message, stored and computed, in wire order. */
    public static final List<String> FIELDS = List.of(
            "id",
            "from",
            "to",
            "topic",
            "body",
            "created_at",
            "read_at",
            "opened_at",
            "action_required",
            "reply_to",
            "status",
            "resolved_by",
            "resolved_at",
            "resolution_note",
            "kind",
            "work_status",
            "blocked_by",
            "deleted_at",
            "pin_key",
            "about_message_id",
            "superseded_at",
            "decision_requested",
            "revised_at",
            "addenda",
            "addendum",
            "voters",
            "delivery",
            "acks",
            "age_days",
            "idle_days",
            "snippet",
            "match",
            "obligation",
            "body_sha256",
            "body_length_bytes",
            "body_length_chars");

    /** The {@code "headers"} preset. */
    public static final List<String> HEADERS = List.of(
            "id",
            "from",
            "to",
            "topic",
            "created_at",
            "kind",
            "work_status",
            "status",
            "action_required",
            "pin_key",
            "acks",
            "age_days",
            "idle_days",
            "snippet",
            "match",
            "obligation",
            "body_sha256",
            "body_length_bytes",
            "body_length_chars");

    private static final Map<String, String> ALIASES = Map.of("from_role", "from", "to_role", "to");

    /** Every field. */
    public static final Projection ALL = new Projection(null);

    /** The {@code "headers"} preset of a message listing: every field of {@link #HEADERS}, no body. */
    public static final Projection HEADERS_ONLY = new Projection(new LinkedHashSet<>(HEADERS));

    private final Set<String> kept;

    private Projection(Set<String> kept) {
        this.kept = kept;
    }

    /**
     * @param fields the fields to keep, in any order (a reader's own choice, such as the board's, not a client's:
     *               names are not checked)
     * @return a projection keeping exactly these
     */
    public static Projection of(List<String> fields) {
        return new Projection(new LinkedHashSet<>(fields));
    }

    /**
     * The {@code fields} of a message listing: {@link #FIELDS}, the {@link #HEADERS} preset, and {@code from_role} /
     * {@code to_role} for {@code from} / {@code to}.
     *
     * @param fields the argument as sent: null, a string, or a list
     * @return the projection, or INVALID_ARGUMENTS naming {@code fields}
     */
    public static Outcome<Projection> parse(Object fields) {
        return parse(fields, FIELDS, HEADERS, ALIASES);
    }

    /**
     * The {@code fields} of a tool whose answer is not a message (get_acknowledgements projects its answer object,
     * pin_history and backfill_superseded their entries), by the same rules as a message listing's.
     *
     * @param fields  the argument as sent: null, a string, or a list
     * @param all     the answer's field names, in wire order
     * @param headers the {@code "headers"} preset
     * @return the projection, or INVALID_ARGUMENTS naming {@code fields} and the allowed names
     */
    public static Outcome<Projection> parse(Object fields, List<String> all, List<String> headers) {
        return parse(fields, all, headers, Map.of());
    }

    private static Outcome<Projection> parse(
            Object fields, List<String> all, List<String> headers, Map<String, String> aliases) {
        if (fields == null) {
            return Outcome.done(ALL);
        }
        if (fields instanceof String preset) {
            return preset.equals("headers")
                    ? Outcome.done(new Projection(new LinkedHashSet<>(headers)))
                    : Outcome.refused(Refusal.invalid(
                            ARGUMENT,
                            "must be \"headers\" or a list of field names, not the string "
                                    + ClientText.quoted(preset)));
        }
        if (!(fields instanceof List<?> names)) {
            return Outcome.refused(Refusal.invalid(ARGUMENT, "must be \"headers\" or a list of field names"));
        }
        if (names.isEmpty()) {
            return Outcome.refused(Refusal.invalid(
                    ARGUMENT, "an empty list selects nothing; leave fields out for every field, or name some"));
        }
        Set<String> kept = new LinkedHashSet<>();
        for (Object name : names) {
            String field = aliases.getOrDefault(String.valueOf(name), String.valueOf(name));
            if (!all.contains(field)) {
                return Outcome.refused(Refusal.invalid(
                        ARGUMENT,
                        "unknown field " + ClientText.quoted(name) + "; the fields are " + String.join(", ", all)
                                + (aliases.isEmpty() ? "" : " (from_role and to_role name from and to)")
                                + ", or \"headers\""));
            }
            kept.add(field);
        }
        return Outcome.done(new Projection(kept));
    }

    /**
     * @param field a field name
     * @return whether entries keep it (so a costly computed field can be skipped)
     */
    public boolean wants(String field) {
        return kept == null || kept.contains(field);
    }

    /**
     * @param entry a message's wire map
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
