package dev.switchboard.plugin.mailbox.channel.application.port.out;

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
}
