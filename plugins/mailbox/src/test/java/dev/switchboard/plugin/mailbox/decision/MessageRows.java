package dev.switchboard.plugin.mailbox.decision;

import java.util.List;

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

    /**
     * Declares a proposal's electorate as {@code send_message(voters=...)} stores it: a JSON array of roles.
     * TODO(merge): replace with send_message's voters once message's send stores them (core stores null today).
     */
    public static void declareVoters(MailboxHarness harness, long id, List<String> voters) {
        String json =
                "[" + String.join(",", voters.stream().map(v -> "\"" + v + "\"").toList()) + "]";
        harness.storage().transaction(connection -> {
            try (var statement = connection.prepareStatement("UPDATE mailbox_message SET voters = ? WHERE id = ?")) {
                statement.setString(1, json);
                statement.setLong(2, id);
                return statement.executeUpdate();
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

    /**
     * Sets a message's {@code revised_at}, as a revision by its author does.
     * TODO(merge): replace with revise_message once message's revise exists.
     */
    public static void revisedAt(MailboxHarness harness, long id, String at) {
        harness.storage().transaction(connection -> {
            try (var statement =
                    connection.prepareStatement("UPDATE mailbox_message SET revised_at = ? WHERE id = ?")) {
                statement.setString(1, at);
                statement.setLong(2, id);
                return statement.executeUpdate();
            }
        });
    }
}
