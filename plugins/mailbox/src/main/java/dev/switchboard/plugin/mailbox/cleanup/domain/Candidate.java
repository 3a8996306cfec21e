package dev.switchboard.plugin.mailbox.cleanup.domain;

import java.util.List;
import java.util.Objects;

/**
 * A message a cleanup pass could retire, with every claim on it. Immutable.
 *
 * @param message the message
 * @param claims  every claim, in the order found
 */
public record Candidate(Summary message, List<Claim> claims) {

    /** How a candidate is linked to a settled round. */
    public enum MatchKind {
        /** A pin key claims it: a pass over that key owns it. */
        KEY,
        /** Its {@code about_message_id} points at a dead message (exact, no key). */
        TARGET,
        /** Only a {@code #N} mention in its text links it; applied only when asked for. */
        REFERENCE
    }

    /** Copies the claims. */
    public Candidate {
        Objects.requireNonNull(message, "message");
        claims = List.copyOf(claims);
    }

    /** @return the keys claiming it, sorted and distinct */
    public List<String> claimedBy() {
        return claims.stream()
                .filter(Claim::isKeyClaim)
                .map(claim -> claim.pin().key())
                .distinct()
                .sorted()
                .toList();
    }

    /** @return how it is linked */
    public MatchKind matchKind() {
        if (!claimedBy().isEmpty()) {
            return MatchKind.KEY;
        }
        return claims.stream().anyMatch(claim -> claim.matchedBy().equals("target"))
                ? MatchKind.TARGET
                : MatchKind.REFERENCE;
    }
}
