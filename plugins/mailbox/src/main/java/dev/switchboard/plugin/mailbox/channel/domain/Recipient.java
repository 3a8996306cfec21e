package dev.switchboard.plugin.mailbox.channel.domain;

import java.util.Objects;

/**
 * One recipient of a message and its own delivery and read state ({@code mailbox_recipient}). Immutable.
 *
 * @param role     the recipient
 * @param openedAt when read_inbox first delivered it to the recipient, or null
 * @param readAt   when the recipient marked it read (mark_read), or null
 */
public record Recipient(String role, String openedAt, String readAt) {

    /** @throws NullPointerException if {@code role} is null */
    public Recipient {
        Objects.requireNonNull(role, "role");
    }
}
