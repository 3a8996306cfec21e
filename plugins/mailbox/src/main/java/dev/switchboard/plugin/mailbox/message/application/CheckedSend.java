package dev.switchboard.plugin.mailbox.message.application;

import java.util.List;
import java.util.Objects;

import dev.switchboard.ports.tool.Outcome;

/**
 * A {@code send_message} request that passed {@link SendMessage#check}, the checks that need no channel state: what
 * {@link SendMessage#send} continues from inside the write transaction. Immutable.
 *
 * @param request the arguments as sent
 * @param topic   the trimmed topic
 * @param pinKey  the trimmed pin key, or null
 * @param scan    the secret guardrail's verdict on the texts of the call (the overridden rule ids, or the refusal),
 *                or null when the body is a {@code body_ref} upload, which is read, and scanned, in the transaction
 */
public record CheckedSend(SendRequest request, String topic, String pinKey, Outcome<List<String>> scan) {

    /** @throws NullPointerException if {@code request} or {@code topic} is null */
    public CheckedSend {
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(topic, "topic");
    }
}
