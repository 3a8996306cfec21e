package dev.switchboard.plugin.mailbox.message.application.port.out;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What a send's addressing reads under the channel's lock, in one read ({@link MessageStore#addressees}): the
 * channel's roster and which of the names the call carries are roles the channel knows. Immutable.
 *
 * @param roster a hosted channel's registered roles (as {@code Channels.roster}), or empty for a local channel
 * @param known  the names asked about that have sent or received a message in the channel (as
 *               {@link MessageStore#knownAmong})
 */
public record Addressees(Optional<List<String>> roster, Set<String> known) {

    /** Copies both. */
    public Addressees {
        roster = roster.map(List::copyOf);
        known = Set.copyOf(known);
    }
}
