package dev.switchboard.plugin.mailbox.pin.domain;

import java.util.List;
import java.util.Objects;

/** The approval algorithm's answer for one pin write. Immutable. */
public sealed interface Verdict permits Verdict.Approved, Verdict.Blocked, Verdict.Forbidden {

    /** The write may go ahead. */
    record Approved() implements Verdict {}

    /**
     * Consent is not (yet) there: {@code pin_set} refuses, and a dry run reports it as {@code ok:false}.
     *
     * @param notFound      whether the cause is that {@code approved_by} names no message
     * @param problem       cause, cost and way out, in words
     * @param missingAgrees roles whose fresh agree is missing (or stale), sorted; may be empty
     */
    record Blocked(boolean notFound, String problem, List<String> missingAgrees) implements Verdict {
        /** Copies the list. */
        public Blocked {
            Objects.requireNonNull(problem, "problem");
            missingAgrees = List.copyOf(missingAgrees);
        }
    }

    /**
     * The caller may never use that proposal as approval (stdio: not a participant); refused in a dry run too.
     *
     * @param problem cause and way out, in words
     */
    record Forbidden(String problem) implements Verdict {
        /** @throws NullPointerException if {@code problem} is null */
        public Forbidden {
            Objects.requireNonNull(problem, "problem");
        }
    }
}
