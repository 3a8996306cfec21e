package dev.switchboard.plugin.mailbox.channel.application.port.out;

import java.util.List;
import java.util.Optional;

/** The channel rows. Thread-safe. */
public interface Channels {

    /**
     * Finds the channel by name, creating its row on first use (in a transaction of its own; two processes creating
     * it at once end with one row).
     *
     * @param name the channel's name
     * @param now  the creation time if it is created
     * @return its {@code channel_id}
     */
    long ensure(String name, String now);

    /**
     * @param tx a transaction on the channel
     * @return a hosted channel's registered roles (the registry's roster, in creation order), or empty for a local
     *         channel, whose roster is inferred from its messages
     */
    Optional<List<String>> roster(Tx tx);

    /**
     * @return the names of the live local channels that have a message (so a role), ascending: what a mistyped local
     *     channel's name is told apart from
     */
    List<String> localWithRoles();

    /**
     * @param name a channel's name
     * @return its row id if it exists and is not deleted (nothing is created)
     */
    Optional<Long> find(String name);

    /**
     * @param channelId a channel
     * @return whether it is a hosted channel (it has registered roles), read in a snapshot of its own
     */
    boolean hosted(long channelId);
}
