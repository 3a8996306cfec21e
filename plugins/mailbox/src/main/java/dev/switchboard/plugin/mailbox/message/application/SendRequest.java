package dev.switchboard.plugin.mailbox.message.application;

import java.util.Map;
import java.util.Objects;

/**
 * The arguments of {@code send_message}, as sent. Where the original distinguishes leaving an argument out from
 * passing null ({@code <omitted>}: {@code pin_key}, {@code about_message_id}, {@code voters}), a {@code *Given} flag
 * says whether it was in the call at all. Immutable.
 *
 * @param to                a String (one role or {@code "*"}) or a List of Strings
 * @param topic             the topic as sent (trimmed by the rules)
 * @param body              the body, {@code ""} when left out
 * @param actionRequired    whether it is a debt
 * @param replyTo           the parent, or null
 * @param kind              the kind, or null
 * @param workStatus        the send-time work status, or null
 * @param pinKeyGiven       whether {@code pin_key} was in the call (null included)
 * @param pinKey            its value, or null
 * @param aboutGiven        whether {@code about_message_id} was in the call (null included)
 * @param aboutMessageId    its value, or null
 * @param addenda           per-recipient additions, empty when none
 * @param decisionRequested whether a proposal asks for votes
 * @param bodyRef           a sealed upload to take the body from, or null
 * @param votersGiven       whether {@code voters} was in the call
 * @param voters            {@code "*"}, a List of Strings, or null
 * @param allowSensitive    the caller's override of the secret guardrail (effective only with the operator setting)
 */
public record SendRequest(
        Object to,
        String topic,
        String body,
        boolean actionRequired,
        Long replyTo,
        String kind,
        String workStatus,
        boolean pinKeyGiven,
        String pinKey,
        boolean aboutGiven,
        Long aboutMessageId,
        Map<String, String> addenda,
        boolean decisionRequested,
        Long bodyRef,
        boolean votersGiven,
        Object voters,
        boolean allowSensitive) {

    /** @throws NullPointerException if {@code topic}, {@code body} or {@code addenda} is null */
    public SendRequest {
        Objects.requireNonNull(topic, "topic");
        Objects.requireNonNull(body, "body");
        addenda = Map.copyOf(addenda);
    }
}
