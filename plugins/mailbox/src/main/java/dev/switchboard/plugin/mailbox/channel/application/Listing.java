package dev.switchboard.plugin.mailbox.channel.application;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.switchboard.plugin.mailbox.channel.domain.MailboxLimits;
import dev.switchboard.ports.tool.Arguments;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.Refusal;

/**
 * The shape of every listing (§1C.2): {@code {"result": [...]}}, plus {@code truncated: {limit, returned, note}} when
 * more rows matched than {@code limit} (and no {@code truncated} otherwise), plus {@code generated_at} for the tools
 * whose original has it. {@code limit} is always 1..1000. Stateless.
 */
public final class Listing {

    /** The input-schema property for {@code limit}, without its default (each tool says its own in words). */
    public static final String LIMIT_SCHEMA = "\"type\": \"integer\", \"minimum\": " + MailboxLimits.LIMIT_MIN
            + ", \"maximum\": " + MailboxLimits.LIMIT_MAX;

    private Listing() {}

    /**
     * @param args     the call's arguments
     * @param fallback the tool's default
     * @return {@code limit}, or INVALID_ARGUMENTS naming the range
     */
    public static Outcome<Integer> limit(Arguments args, int fallback) {
        Object raw = args.values().get("limit");
        if (raw == null) {
            return Outcome.done(fallback);
        }
        if (raw instanceof Number number) {
            var exact = Arguments.exactLong(number);
            if (exact.isPresent() && exact.get() >= MailboxLimits.LIMIT_MIN && exact.get() <= MailboxLimits.LIMIT_MAX) {
                return Outcome.done(exact.get().intValue());
            }
        }
        return Outcome.refused(Refusal.invalid(
                "limit", "must be a whole number from " + MailboxLimits.LIMIT_MIN + " to " + MailboxLimits.LIMIT_MAX));
    }

    /**
     * @param rows        the entries returned (at most {@code limit})
     * @param limit       the limit asked for
     * @param more        whether more rows matched than were returned
     * @param generatedAt the time to report as {@code generated_at}, or null for tools without it
     * @return the listing
     */
    public static Map<String, Object> of(List<Map<String, Object>> rows, int limit, boolean more, String generatedAt) {
        Map<String, Object> listing = new LinkedHashMap<>();
        listing.put("result", rows);
        if (more) {
            Map<String, Object> truncated = new LinkedHashMap<>();
            truncated.put("limit", limit);
            truncated.put("returned", rows.size());
            truncated.put(
                    "note",
                    "more entries matched than limit=" + limit + "; narrow the filters or raise limit (at most "
                            + MailboxLimits.LIMIT_MAX + ") to see the rest");
            listing.put("truncated", truncated);
        }
        if (generatedAt != null) {
            listing.put("generated_at", generatedAt);
        }
        return listing;
    }
}
