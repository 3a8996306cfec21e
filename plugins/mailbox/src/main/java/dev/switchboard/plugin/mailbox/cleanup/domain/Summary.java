package dev.switchboard.plugin.mailbox.cleanup.domain;

import java.util.List;
import java.util.Objects;

/**
 * A live message as the cleanup reads it. Immutable.
 *
 * @param id        its id
 * @param from      its author
 * @param to        its recipients
 * @param topic     its topic
 * @param body      its body
 * @param createdAt when it was sent
 * @param kind      its kind, or null
 * @param pinKey    its structural pin key, or null
 * @param aboutId   the message it is a nudge about, or null
 */
public record Summary(
        long id,
        String from,
        List<String> to,
        String topic,
        String body,
        String createdAt,
        String kind,
        String pinKey,
        Long aboutId) {

    /** @throws NullPointerException if a required component is null */
    public Summary {
        Objects.requireNonNull(from, "from");
        to = List.copyOf(to);
        Objects.requireNonNull(topic, "topic");
        Objects.requireNonNull(body, "body");
        Objects.requireNonNull(createdAt, "createdAt");
    }

    /** @return whether it is a proposal */
    public boolean isProposal() {
        return "proc".equals(kind);
    }

    /**
     * @param key a pin key
     * @return whether the key claims it: its pin_key is the key, or it has none and its text contains the key
     */
    public boolean claimedBy(String key) {
        return key.equals(pinKey) || (pinKey == null && (topic.contains(key) || body.contains(key)));
    }
}
