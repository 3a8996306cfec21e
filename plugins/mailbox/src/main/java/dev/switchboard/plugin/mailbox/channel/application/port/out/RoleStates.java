package dev.switchboard.plugin.mailbox.channel.application.port.out;

/** Per role and channel facts ({@code mailbox_role_state}). Thread-safe. */
public interface RoleStates {

    /**
     * Records that the role made a call now (its presence), in a transaction of its own.
     *
     * @param channelId the channel
     * @param role      the role
     * @param now       the time of the call
     */
    void touch(long channelId, String role, String now);
}
