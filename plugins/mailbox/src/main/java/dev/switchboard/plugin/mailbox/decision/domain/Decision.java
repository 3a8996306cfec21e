package dev.switchboard.plugin.mailbox.decision.domain;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** A role's decision on a message, with its wire name. */
public enum Decision {
    /** Consent to the message as it reads now. */
    AGREE("agree"),
    /** Refusal. */
    REJECT("reject"),
    /** Not yet: the text needs changes. */
    NEEDS_CHANGES("needs_changes"),
    /** The subject no longer exists: never agreement; from the electorate after the last revision it closes the round. */
    VOID("void");

    /** The wire names, in the order they are listed in refusals. */
    public static final List<String> WIRE_NAMES =
            Arrays.stream(values()).map(Decision::wire).toList();

    private final String wire;

    Decision(String wire) {
        this.wire = wire;
    }

    /** @return the wire name */
    public String wire() {
        return wire;
    }

    /**
     * @param wire a wire name, exactly (case-sensitive)
     * @return the decision, or empty when it is none of {@link #WIRE_NAMES}
     */
    public static Optional<Decision> parse(String wire) {
        return Arrays.stream(values()).filter(d -> d.wire.equals(wire)).findFirst();
    }
}
