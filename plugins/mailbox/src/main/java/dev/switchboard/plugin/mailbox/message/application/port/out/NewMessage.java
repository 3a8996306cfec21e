package dev.switchboard.plugin.mailbox.message.application.port.out;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A message about to be stored: everything but its id, time and state, which the store sets (the id is the
 * channel's next, allocated in the writing transaction; {@code status} is {@code open} for a debt). Immutable.
 *
 * @param from              the author
 * @param toRole            the stored {@code to_role}: the recipient, or {@code "*"} for several
 * @param recipients        every recipient
 * @param topic             the trimmed topic
 * @param body              the body
 * @param bodyRef           the sealed upload it came from, or null
 * @param actionRequired    whether it is a debt
 * @param replyTo           its parent, or null
 * @param kind              its kind, or null
 * @param workStatus        its send-time work status, or null
 * @param pinKey            its pin key, or null
 * @param aboutMessageId    what it nudges about, or null
 * @param voters            its declared electorate, or null
 * @param addenda           per-recipient additions
 * @param decisionRequested whether a proposal asks for votes
 */
public record NewMessage(
        String from,
        String toRole,
        List<String> recipients,
        String topic,
        String body,
        Long bodyRef,
        boolean actionRequired,
        Long replyTo,
        String kind,
        String workStatus,
        String pinKey,
        Long aboutMessageId,
        List<String> voters,
        Map<String, String> addenda,
        boolean decisionRequested) {

    /** @throws NullPointerException if a required component is null */
    public NewMessage {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(toRole, "toRole");
        recipients = List.copyOf(recipients);
        Objects.requireNonNull(topic, "topic");
        Objects.requireNonNull(body, "body");
        voters = voters == null ? null : List.copyOf(voters);
        addenda = Map.copyOf(addenda);
    }
}
