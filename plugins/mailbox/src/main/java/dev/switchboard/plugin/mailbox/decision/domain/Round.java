package dev.switchboard.plugin.mailbox.decision.domain;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The facts of a message that its decisions are judged by. Immutable.
 *
 * @param messageId      the message's id in its channel
 * @param author         its sender
 * @param recipients     its addressees, one or several
 * @param declaredVoters the electorate the proposal declared ({@code voters}), or empty when it declared none
 * @param revisedAt      its last revision (ISO-8601 UTC milliseconds), or null
 */
public record Round(
        long messageId,
        String author,
        List<String> recipients,
        Optional<List<String>> declaredVoters,
        String revisedAt) {

    /** @throws NullPointerException if a required component is null */
    public Round {
        Objects.requireNonNull(author, "author");
        recipients = List.copyOf(recipients);
        declaredVoters = declaredVoters.map(List::copyOf);
    }

    /**
     * @param role a role
     * @return whether it sent or received the message
     */
    public boolean isParticipant(String role) {
        return author.equals(role) || recipients.contains(role);
    }
}
