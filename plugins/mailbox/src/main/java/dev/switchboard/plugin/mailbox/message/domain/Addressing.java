package dev.switchboard.plugin.mailbox.message.domain;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

import dev.switchboard.plugin.mailbox.channel.domain.ClientText;
import dev.switchboard.plugin.mailbox.channel.domain.Message;
import dev.switchboard.plugin.mailbox.channel.domain.Roles;
import dev.switchboard.ports.tool.Refusal;

/**
 * Who a new message goes to (§1C.2 send_message): {@code to} is one role, a list of roles, or {@code "*"} alone
 * (every other role known in the channel). Refused: {@code "*"} inside a list, an empty list, sending to oneself,
 * {@code "*"} when no other role is known yet, several recipients for anything but a {@code proc} or {@code status}
 * (or a reply to a multi-recipient message, within its author and recipients), and a debt with several recipients.
 * {@code "*"} is a broadcast: it may carry any kind. Stateless.
 */
public final class Addressing {

    private Addressing() {}

    /**
     * The recipients, or why not.
     *
     * @param recipients the roles, in the order addressed, without duplicates
     * @param broadcast  whether they came from {@code "*"}
     * @param problem    why the address was refused, or null
     */
    public record Addressed(List<String> recipients, boolean broadcast, Refusal problem) {

        static Addressed refused(Refusal problem) {
            return new Addressed(List.of(), false, problem);
        }
    }

    /**
     * @param to             the {@code to} argument: a String, or a List of Strings
     * @param sender         the caller's role
     * @param knownRoles     every role seen in the channel (the stdio roster is inferred from messages); asked only
     *                       for {@code "*"}, since finding them reads the whole channel
     * @param kind           the message's kind, or null
     * @param parent         the message it replies to, if any
     * @param actionRequired whether it is a debt
     * @return the recipients, or the problem
     */
    public static Addressed recipients(
            Object to,
            String sender,
            Supplier<Set<String>> knownRoles,
            String kind,
            Optional<Message> parent,
            boolean actionRequired) {
        List<String> recipients;
        boolean broadcast = false;
        if (to instanceof String role) {
            if (role.equals(Roles.EVERYONE)) {
                broadcast = true;
                recipients = knownRoles.get().stream()
                        .filter(known -> !known.equals(sender))
                        .sorted()
                        .toList();
                if (recipients.isEmpty()) {
                    return Addressed.refused(Refusal.invalid(
                            "to",
                            "'*' means every other role, and no other role is known in this channel yet (the roster is"
                                    + " learnt from messages); address a role by name first"));
                }
            } else {
                recipients = List.of(role);
            }
        } else if (to instanceof List<?> list) {
            if (list.isEmpty()) {
                return Addressed.refused(
                        Refusal.invalid("to", "an empty list addresses nobody; name one or more roles"));
            }
            Set<String> unique = new LinkedHashSet<>();
            for (Object item : list) {
                if (Roles.EVERYONE.equals(item)) {
                    return Addressed.refused(Refusal.invalid(
                            "to", "'*' stands alone: pass to=\"*\" for every other role, or list the roles by name"));
                }
                unique.add(String.valueOf(item));
            }
            recipients = new ArrayList<>(unique);
        } else {
            return Addressed.refused(Refusal.invalid("to", "must be a role, a list of roles, or \"*\""));
        }
        for (String recipient : recipients) {
            if (!Roles.isName(recipient)) {
                return Addressed.refused(Refusal.invalid(
                        "to",
                        ClientText.quoted(recipient)
                                + " is not a role name (a letter or digit, then letters, digits, '_', '.'"
                                + " or '-'; at most 64 characters)"));
            }
            if (recipient.equals(sender)) {
                return Addressed.refused(Refusal.invalid(
                        "to", "you are '" + sender + "': a message to yourself is refused; address another role"));
            }
        }
        if (recipients.size() > 1) {
            if (actionRequired) {
                return Addressed.refused(Refusal.invalid(
                        "action_required",
                        "a debt has one addressee, and this message has " + recipients.size()
                                + "; send one action_required message per role, or drop action_required"));
            }
            Optional<Refusal> several = severalAllowed(recipients, sender, kind, parent, broadcast);
            if (several.isPresent()) {
                return Addressed.refused(several.get());
            }
        }
        return new Addressed(List.copyOf(recipients), broadcast, null);
    }

    private static Optional<Refusal> severalAllowed(
            List<String> recipients, String sender, String kind, Optional<Message> parent, boolean broadcast) {
        if (broadcast || (kind != null && Vocabulary.MULTI_RECIPIENT_KINDS.contains(kind))) {
            return Optional.empty();
        }
        if (parent.isPresent() && parent.get().hasSeveralRecipients()) {
            Message thread = parent.get();
            List<String> outside = recipients.stream()
                    .filter(role -> !thread.isParticipant(role))
                    .toList();
            if (outside.isEmpty()) {
                return Optional.empty();
            }
            return Optional.of(Refusal.invalid(
                    "to",
                    "a reply to message " + thread.id() + " may go only to its author and recipients ("
                            + String.join(", ", audience(thread)) + "); " + String.join(", ", outside)
                            + " is outside it. Send them a message of their own"));
        }
        return Optional.of(Refusal.invalid(
                "to",
                "several recipients are allowed only for kind proc or status, or for a reply to a multi-recipient"
                        + " message; this is kind " + (kind == null ? "none" : kind) + ". Send one message per role,"
                        + " or use kind status"));
    }

    private static List<String> audience(Message message) {
        List<String> roles = new ArrayList<>();
        roles.add(message.from());
        roles.addAll(message.recipientRoles());
        return roles;
    }
}
