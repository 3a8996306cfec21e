package dev.switchboard.plugin.mailbox.importer.domain;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * How a row reads when its file predates a column, as the original's first schema step backfills it on open: an
 * {@code action_required} message without a {@code status} is an open debt (behaviour 145), and a message marked read
 * was opened. And who received a message to several that has no {@code message_recipients} rows: every role the file
 * shows but its author, with the read state of the message row. Stateless.
 */
public final class LegacyRows {

    private LegacyRows() {}

    /**
     * @param actionRequired whether the message is a debt
     * @param status         the file's status, or null (the column may not exist)
     * @return the status to store: {@code open} for a debt without one, else the file's
     */
    public static String status(boolean actionRequired, String status) {
        return status == null && actionRequired ? "open" : status;
    }

    /**
     * @param readAt   the read time, or null
     * @param openedAt the delivery time, or null (the column may not exist)
     * @return the delivery time to store: the read time when only that is known
     */
    public static String openedAt(String readAt, String openedAt) {
        return openedAt == null ? readAt : openedAt;
    }

    /**
     * @param message a message of the file
     * @param roles   every role the file shows (authors and recipients), sorted
     * @return its deliveries to store: the one recipient's (from the message row), the {@code message_recipients}
     *         rows of a message to several, or, for one without such rows, one per role but its author
     */
    public static List<SourceMessage.Delivery> deliveries(SourceMessage message, Set<String> roles) {
        if (!message.to().equals("*")) {
            return List.of(new SourceMessage.Delivery(
                    message.to(), message.readAt(), openedAt(message.readAt(), message.openedAt())));
        }
        if (!message.recipients().isEmpty()) {
            return message.recipients().stream()
                    .map(d -> new SourceMessage.Delivery(d.role(), d.readAt(), openedAt(d.readAt(), d.openedAt())))
                    .toList();
        }
        return new TreeSet<>(roles)
                .stream()
                        .filter(role -> !role.equals("*") && !role.equals(message.from()))
                        .map(role -> new SourceMessage.Delivery(
                                role, message.readAt(), openedAt(message.readAt(), message.openedAt())))
                        .toList();
    }
}
