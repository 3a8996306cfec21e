package dev.switchboard.plugin.mailbox.channel.application;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import dev.switchboard.plugin.mailbox.channel.domain.MailboxLimits;
import dev.switchboard.ports.tool.Arguments;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.Refusal;

/**
 * The shape of every listing (§1C.2): {@code {"result": [...]}}, plus {@code truncated: {limit, returned, note}} when
 * more rows matched than {@code limit} (and no {@code truncated} otherwise), plus {@code generated_at} for the tools
 * whose original has it. {@code limit} is always 1..1000. The entries take at most
 * {@link MailboxLimits#LISTING_BYTES} of JSON (Switchboard's addition): those that would pass it are left out, and
 * {@code truncated} says so with {@code max_bytes}. Stateless.
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
     * @param rows        the entries that matched, in the listing's order (at most {@code limit})
     * @param limit       the limit asked for
     * @param more        whether more rows matched than were returned
     * @param generatedAt the time to report as {@code generated_at}, or null for tools without it
     * @return the listing, its entries cut at {@link MailboxLimits#LISTING_BYTES} ({@link #of(Stream, int, boolean,
     *     String)})
     */
    public static Map<String, Object> of(List<Map<String, Object>> rows, int limit, boolean more, String generatedAt) {
        return of(rows.stream(), limit, more, generatedAt);
    }

    /**
     * The listing of the first entries that fit in {@link MailboxLimits#LISTING_BYTES} bytes of JSON (the first
     * always does): an entry is taken from {@code rows} only while room remains, so the entries after are never
     * computed. When entries were left out for room, {@code truncated} also carries {@code max_bytes} and says how to
     * see the rest.
     *
     * @param rows        the entries that matched, in the listing's order (at most {@code limit}), computed lazily
     * @param limit       the limit asked for
     * @param more        whether more rows matched than {@code limit}
     * @param generatedAt the time to report as {@code generated_at}, or null for tools without it
     * @return the listing
     */
    public static Map<String, Object> of(
            Stream<Map<String, Object>> rows, int limit, boolean more, String generatedAt) {
        return of(rows, limit, more, false, generatedAt);
    }

    /**
     * As {@link #of(Stream, int, boolean, String)}, for rows a use case has already fitted ({@link #fitting}).
     *
     * @param cut whether the use case left entries out for room
     */
    public static Map<String, Object> of(
            Stream<Map<String, Object>> rows, int limit, boolean more, boolean cut, String generatedAt) {
        List<Map<String, Object>> shown = fitting(rows.iterator(), MailboxLimits.LISTING_BYTES);
        return ofFitted(shown, limit, more, cut || shown instanceof Cut, generatedAt);
    }

    /**
     * The listing of entries a use case has fitted in {@link MailboxLimits#LISTING_BYTES} itself ({@link #fitting}),
     * as they are: not measured again.
     *
     * @param shown       the fitted entries, in the listing's order
     * @param limit       the limit asked for
     * @param more        whether more rows matched than were returned
     * @param full        whether the use case left entries out for room
     * @param generatedAt the time to report as {@code generated_at}, or null for tools without it
     * @return the listing
     */
    public static Map<String, Object> ofFitted(
            List<Map<String, Object>> shown, int limit, boolean more, boolean full, String generatedAt) {
        Map<String, Object> listing = new LinkedHashMap<>();
        listing.put("result", List.copyOf(shown));
        if (more || full) {
            Map<String, Object> truncated = new LinkedHashMap<>();
            truncated.put("limit", limit);
            truncated.put("returned", shown.size());
            if (full) {
                truncated.put("max_bytes", MailboxLimits.LISTING_BYTES);
                truncated.put("note", BYTES_NOTE);
            } else {
                truncated.put("note", moreNote(limit));
            }
            listing.put("truncated", truncated);
        }
        if (generatedAt != null) {
            listing.put("generated_at", generatedAt);
        }
        return listing;
    }

    /**
     * @param rows   the entries, in the listing's order
     * @param budget the most bytes of JSON they may take, at most {@link MailboxLimits#LISTING_BYTES}
     * @return the first entries that fit (at least one when there is one), each taken from {@code rows} only while
     *     room remains and written once to measure it ({@link AnswerJson#written}: the answer copies that JSON); a
     *     list whose {@link #wasCut} is true when some were left out for room
     */
    public static List<Map<String, Object>> fitting(Iterator<Map<String, Object>> rows, long budget) {
        List<Map<String, Object>> shown = new ArrayList<>();
        long bytes = 2;
        try (AnswerJson.Entries json = new AnswerJson.Entries()) {
            while (rows.hasNext()) {
                AnswerJson.Written row = json.written(rows.next());
                long size = row.bytes() + 1L;
                if (!shown.isEmpty() && bytes + size > budget) {
                    return new Cut(shown);
                }
                shown.add(row);
                bytes += size;
            }
        }
        return shown;
    }

    /**
     * @param fitted a list {@link #fitting} returned
     * @return whether entries were left out of it for room
     */
    public static boolean wasCut(List<Map<String, Object>> fitted) {
        return fitted instanceof Cut;
    }

    /** The entries of a listing that was cut for room. */
    private static final class Cut extends ArrayList<Map<String, Object>> {
        Cut(List<Map<String, Object>> shown) {
            super(shown);
        }
    }

    /** @return how to see the entries past {@code limit}: a higher limit only while there is a higher one */
    static String moreNote(int limit) {
        return limit < MailboxLimits.LIMIT_MAX
                ? "more entries matched than limit=" + limit + "; narrow the filters or raise limit (at most "
                        + MailboxLimits.LIMIT_MAX + ") to see the rest"
                : "more entries matched than limit=" + limit + ", the most one call returns; narrow the filters to"
                        + " see the rest";
    }

    private static final String BYTES_NOTE = "the entries after these were left out: with them the answer would pass"
            + " its " + MailboxLimits.LISTING_BYTES + "-byte cap (bodies over " + MailboxLimits.LISTING_BODY_CHARS
            + " characters are cut already, see body_cut). To see the rest, ask for fields=\"headers\" (no bodies),"
            + " a lower limit or narrower filters; get_thread shows one message whole";
}
