package dev.switchboard.plugin.mailbox.wait.application.port.out;

import java.util.Optional;

import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;

/** Finds the reply a {@code wait_for_reply} waits for. Runs in the transaction it is given; thread-safe. */
public interface ReplyFinder {

    /**
     * @param tx          a transaction
     * @param parentId    the message replied to
     * @param role        the waiting role, to whom the reply must be addressed
     * @param afterId     only replies with a larger id, or null for any
     * @param includeRead whether replies the role marked read count
     * @return the id of the oldest such live reply, or empty
     */
    Optional<Long> firstReply(Tx tx, long parentId, String role, Long afterId, boolean includeRead);
}
