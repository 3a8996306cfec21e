package dev.switchboard.plugin.mailbox.wait.adapter.in.tool;

import dev.switchboard.plugin.mailbox.wait.domain.WaitBudget;
import dev.switchboard.ports.tool.Arguments;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.Refusal;

/** Schema pieces and the budget read both waits share. */
final class WaitArguments {

    static final String CAP = " One call waits at most " + WaitBudget.CAP_S + " s whatever timeout_s says (below MCP"
            + " clients' tool timeouts): to wait longer, call again. Switchboard wakes the wait as soon as a change is"
            + " committed, in this process or another one on the same database; poll_interval_s only bounds the time"
            + " between checks when no change signal comes. Cancelling the call ends the wait.";

    private WaitArguments() {}

    /**
     * @param pollDefault the tool's default interval, seconds
     * @return the {@code timeout_s} and {@code poll_interval_s} properties
     */
    static String budgetProperties(double pollDefault) {
        return "\"timeout_s\": {\"type\": \"integer\", \"minimum\": 0, \"maximum\": " + WaitBudget.MAX_TIMEOUT_S
                + ", \"default\": 50, \"description\": \"How long to wait, 0 to "
                + WaitBudget.MAX_TIMEOUT_S + " seconds (default 50; at most " + WaitBudget.CAP_S
                + " are used).\"}, \"poll_interval_s\": {\"type\": \"number\", \"default\": " + pollDefault
                + ", \"description\": \"Longest time between checks, " + WaitBudget.MIN_POLL_S + " to "
                + (long) WaitBudget.MAX_POLL_S + " seconds (default " + pollDefault + ").\"}";
    }

    /**
     * @param args        the call's arguments
     * @param pollDefault the tool's default interval
     * @return the budget, or INVALID_ARGUMENTS naming the field and its bounds
     */
    static Outcome<WaitBudget> budget(Arguments args, double pollDefault) {
        Object rawTimeout = args.values().get("timeout_s");
        long timeout = 50;
        if (rawTimeout != null) {
            if (!(rawTimeout instanceof Number number)
                    || Arguments.exactLong(number).isEmpty()) {
                return Outcome.refused(Refusal.invalid(
                        "timeout_s", "must be a whole number of seconds from 0 to " + WaitBudget.MAX_TIMEOUT_S));
            }
            timeout = Arguments.exactLong(number).get();
        }
        double poll = args.optionalNumber("poll_interval_s").orElse(pollDefault);
        long timeoutS = timeout;
        return WaitBudget.violation(timeoutS, poll)
                .<Outcome<WaitBudget>>map(
                        wrong -> Refusal.invalid(wrong.field(), wrong.problem()).outcome())
                .orElseGet(() -> Outcome.done(new WaitBudget(timeoutS, poll)));
    }
}
