package dev.switchboard.plugin.mailbox.cleanup.application.port.out;

import java.util.List;
import java.util.Map;

import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.cleanup.domain.Summary;

/** The channel-wide reads of a cleanup pass, and the undo's write. Called inside a transaction only. */
public interface CleanupStore {

    /** @return every live message (neither deleted nor superseded), in id order */
    List<Summary> live(Tx tx);

    /** @return every deleted or superseded message: id to {@code deleted} or {@code superseded} */
    Map<Long, String> dead(Tx tx);

    /** @return every message a pin version cites as approval: id to the pin key */
    Map<Long, String> approvals(Tx tx);

    /** Clears a message's {@code superseded_at}. */
    void restore(Tx tx, long messageId);
}
