package dev.switchboard.plugin.mailbox.work.domain;

import java.util.Objects;

/**
 * The resolve / confirm / reopen loop of a debt (seed-features §1C.2): what each step does to a message in its
 * current state. Who may call at all (a participant) is the caller's check. Pure functions over {@link WorkFacts}.
 */
public enum DebtVerdict {
    /** Do it: write the change and its event. */
    PROCEED,
    /** It is done already ({@code already_resolved}, {@code already_confirmed}, {@code already_open}): no write. */
    ALREADY,
    /** The message is not {@code action_required}: there is no debt to act on. */
    NOT_A_DEBT,
    /** A confirmation needs a resolved debt. */
    NOT_RESOLVED,
    /** The resolver cannot confirm its own resolution: the other participant verifies. */
    RESOLVER_CANNOT_CONFIRM;

    /**
     * @param task the message
     * @return what {@code resolve_message} does
     */
    public static DebtVerdict resolve(WorkFacts task) {
        if (!task.actionRequired()) {
            return NOT_A_DEBT;
        }
        return task.status() == DebtStatus.RESOLVED ? ALREADY : PROCEED;
    }

    /**
     * @param task the message
     * @param role the caller
     * @return what {@code confirm_resolution} does; idempotent per resolution
     */
    public static DebtVerdict confirm(WorkFacts task, String role) {
        Objects.requireNonNull(role, "role");
        if (!task.actionRequired()) {
            return NOT_A_DEBT;
        }
        if (task.status() != DebtStatus.RESOLVED) {
            return NOT_RESOLVED;
        }
        if (role.equals(task.resolvedBy())) {
            return RESOLVER_CANNOT_CONFIRM;
        }
        return task.trail().resolutionConfirmed() ? ALREADY : PROCEED;
    }

    /**
     * @param task the message
     * @return what {@code reopen_message} does
     */
    public static DebtVerdict reopen(WorkFacts task) {
        if (!task.actionRequired()) {
            return NOT_A_DEBT;
        }
        return task.status() == DebtStatus.OPEN ? ALREADY : PROCEED;
    }
}
