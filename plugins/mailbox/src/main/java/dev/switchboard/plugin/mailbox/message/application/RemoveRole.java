package dev.switchboard.plugin.mailbox.message.application;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.application.port.out.Channels;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Transactions;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.channel.domain.ClientText;
import dev.switchboard.plugin.mailbox.channel.domain.Message;
import dev.switchboard.plugin.mailbox.channel.domain.RoleRoster;
import dev.switchboard.plugin.mailbox.message.application.port.out.BodyRead;
import dev.switchboard.plugin.mailbox.message.application.port.out.EventLog;
import dev.switchboard.plugin.mailbox.message.application.port.out.MessageStore;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.Refusal;

/**
 * The owner takes a mistyped role off a local channel's roster ({@code switchboard mailbox remove-role}): a
 * role made by a message addressed to a typo. Only a role that never acted (sent, voted, uploaded, or appears in the
 * audit as an actor) can be removed: a role that spoke is a session's, and its history stays. Its read state and
 * presence go; a live message it was the only recipient of becomes a tombstone (the audit's {@code deleted} event in
 * its author's name, with a note saying why), unless it approved a pin. A hosted channel's roster is its registry's,
 * administered with the owner token; it is refused here. Thread-safe.
 */
@Singleton
public final class RemoveRole {

    /**
     * What was removed.
     *
     * @param channel     the channel's name
     * @param role        the role taken off its roster
     * @param unaddressed the messages it was a recipient of, ascending
     * @param deleted     those of them it was the only recipient of, now tombstones, ascending
     * @param roles       the channel's roles afterwards
     */
    public record Removed(
            String channel, String role, List<Long> unaddressed, List<Long> deleted, List<String> roles) {}

    private final Channels channels;
    private final Transactions transactions;
    private final MessageStore messages;
    private final EventLog events;
    private final Roster roster;

    @Inject
    RemoveRole(Channels channels, Transactions transactions, MessageStore messages, EventLog events, Roster roster) {
        this.channels = channels;
        this.transactions = transactions;
        this.messages = messages;
        this.events = events;
        this.roster = roster;
    }

    /**
     * @param channel a channel's name
     * @param role    the role to remove
     * @return what was removed; NOT_FOUND for no such channel; UNKNOWN_ROLE for a role not on its roster (the roles in
     *     {@code details.roles}); CONFLICT for a hosted channel or a role that has acted (nothing written)
     */
    public Outcome<Removed> remove(String channel, String role) {
        Optional<Long> id = channels.find(channel);
        if (id.isEmpty()) {
            return Outcome.refused(Refusal.notFound("there is no channel " + ClientText.quoted(channel)
                    + "; the local channels with roles are: " + String.join(", ", channels.localWithRoles())));
        }
        return transactions.write(id.get(), tx -> remove(tx, channel, role));
    }

    private Outcome<Removed> remove(Tx tx, String channel, String role) {
        RoleRoster before = roster.roster(tx);
        if (before.registered()) {
            return Outcome.refused(Refusal.conflict("channel " + ClientText.quoted(channel) + " is hosted: its roles"
                    + " are its registry's, administered with the owner token (add_role, rotate_token,"
                    + " delete_channel); nothing was removed"));
        }
        if (!before.has(role)) {
            // a command line's one argument, so no argument name before the sentence
            return Outcome.refused(new Refusal(RoleRoster.UNKNOWN_ROLE, before.unknown(role), Map.of("field", "ROLE"))
                    .with("roles", before.roles()));
        }
        if (messages.hasActed(tx, role)) {
            return Outcome.refused(Refusal.conflict(ClientText.quoted(role) + " has acted in channel "
                    + ClientText.quoted(channel)
                    + " (sent a message, voted, uploaded or changed a message's state):"
                    + " it is a session's role, not a typo, and its history stays; nothing was removed"));
        }
        List<Long> unaddressed = messages.removeRole(tx, role);
        List<Long> deleted = new ArrayList<>();
        for (Message message : messages.findAll(tx, unaddressed, BodyRead.NONE)) {
            if (message.recipientRoles().isEmpty()
                    && !message.isDeleted()
                    && !messages.approvedAPin(tx, message.id())) {
                messages.delete(tx, message.id());
                events.append(
                        tx,
                        message.id(),
                        DeleteMessage.DELETED,
                        message.from(),
                        "its only recipient, '" + role + "', was removed from the channel's roles by the owner"
                                + " (switchboard mailbox remove-role): a mistyped role",
                        List.of());
                deleted.add(message.id());
            }
        }
        return Outcome.done(new Removed(channel, role, unaddressed, deleted, List.copyOf(messages.knownRoles(tx))));
    }
}
