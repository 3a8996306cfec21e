package dev.switchboard.plugin.mailbox;

import java.util.Map;

/**
 * Arguments of the proposals the tests send: {@code kind proc} with {@code pin_key} and {@code about_message_id}
 * passed explicitly, as a proposal must (null included). Stateless.
 */
public final class Proposals {

    private Proposals() {}

    /**
     * @param to     the recipient, {@code "*"}, or a list of roles
     * @param topic  the topic
     * @param body   the body
     * @param pinKey the pin the round is about, or null for none
     * @param about  the message it nudges about (a number), or null for a new round
     * @param more   further argument names and values, in pairs ({@code "voters", List.of("backend")})
     * @return the {@code send_message} arguments, in that order
     */
    public static Map<String, Object> proc(
            Object to, String topic, String body, String pinKey, Object about, Object... more) {
        Map<String, Object> arguments = MailboxHarness.args(
                "to", to, "topic", topic, "body", body, "kind", "proc", "pin_key", pinKey, "about_message_id", about);
        arguments.putAll(MailboxHarness.args(more));
        return arguments;
    }
}
