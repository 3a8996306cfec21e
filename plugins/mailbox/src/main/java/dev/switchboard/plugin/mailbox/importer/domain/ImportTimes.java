package dev.switchboard.plugin.mailbox.importer.domain;

import java.util.Optional;
import java.util.regex.Pattern;

import dev.switchboard.plugin.mailbox.channel.domain.Timestamps;
import dev.switchboard.ports.tool.Refusal;

/**
 * The source's times in the mailbox's one format ({@code yyyy-MM-ddTHH:mm:ss.SSSZ}, whose string order is time order,
 * which every tool relies on). The original writes that format; a time in another ISO-8601 shape (a space for
 * {@code T}, no fraction, an offset, a bare date) is converted, and the first one that is no time at all is kept as
 * the import's refusal. Not thread-safe: one per import.
 */
final class ImportTimes {

    private static final Pattern MAILBOX_FORMAT =
            Pattern.compile("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z");

    private Refusal first;

    /**
     * @param value  a time column's value, or null
     * @param row    the row, for the refusal, such as {@code message #412}
     * @param column the column, such as {@code created_at}
     * @return the value in the mailbox format, null for null; the value itself when it is no time (see
     *         {@link #problem()})
     */
    String at(String value, String row, String column) {
        if (value == null || MAILBOX_FORMAT.matcher(value).matches()) {
            return value;
        }
        Optional<String> converted = Timestamps.parseSince(value).map(Timestamps::format);
        if (converted.isEmpty() && first == null) {
            first = Refusal.conflict("the file's " + row + " has " + column + " '" + value + "', which is no ISO-8601"
                    + " time; nothing was imported. Correct that row in a copy of the file and import the copy");
        }
        return converted.orElse(value);
    }

    /** @return the first value that was no time, as a refusal */
    Optional<Refusal> problem() {
        return Optional.ofNullable(first);
    }
}
