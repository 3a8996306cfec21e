package dev.switchboard.plugin.mailbox.decision;

import dev.switchboard.plugin.mailbox.MailboxHarness;

/** Direct reads and writes of message rows, for what the tools under test do not show or set. */
public final class MessageRows {

    private MessageRows() {}

    /** @return the message's {@code superseded_at}, or null */
    public static String supersededAt(MailboxHarness harness, long id) {
        return harness.storage().transaction(connection -> {
            try (var statement =
                    connection.prepareStatement("SELECT superseded_at FROM mailbox_message WHERE id = ?")) {
                statement.setLong(1, id);
                try (var rows = statement.executeQuery()) {
                    rows.next();
                    return rows.getString(1);
                }
            }
        });
    }

    /** Clears a message's {@code superseded_at}: history written before the supersede rule existed. */
    public static void unretire(MailboxHarness harness, long id) {
        harness.storage().transaction(connection -> {
            try (var statement =
                    connection.prepareStatement("UPDATE mailbox_message SET superseded_at = NULL WHERE id = ?")) {
                statement.setLong(1, id);
                return statement.executeUpdate();
            }
        });
    }
}
