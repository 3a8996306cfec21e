package dev.switchboard.plugin.mailbox.pin.domain;

import java.util.List;
import java.util.Objects;

import dev.switchboard.plugin.mailbox.decision.domain.Round;
import dev.switchboard.plugin.mailbox.decision.domain.Vote;

/**
 * The message {@code approved_by} names, with what the approval algorithm reads of it. Immutable.
 *
 * @param round          its decision facts (author, recipients, declared voters, last revision)
 * @param kind           its kind ({@code proc} for a proposal), or null
 * @param pinKey         its structural pin key, or null
 * @param topic          its topic
 * @param body           its body
 * @param approvedSha256 the SHA-256 the strict digest rule compares with: the sealed upload's when the proposal has
 *                       a {@code body_ref}, else its body's
 * @param votes          every vote on record for it
 */
public record Proposal(
        Round round, String kind, String pinKey, String topic, String body, String approvedSha256, List<Vote> votes) {

    /** @throws NullPointerException if a required component is null */
    public Proposal {
        Objects.requireNonNull(round, "round");
        Objects.requireNonNull(topic, "topic");
        Objects.requireNonNull(body, "body");
        Objects.requireNonNull(approvedSha256, "approvedSha256");
        votes = List.copyOf(votes);
    }

    /** @return the message id */
    public long id() {
        return round.messageId();
    }
}
