package dev.switchboard.plugin.mailbox.hook.application;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.hook.application.port.out.HookFailure;
import dev.switchboard.plugin.mailbox.hook.domain.RoleCounts;
import dev.switchboard.ports.plugin.InvalidSettingException;
import dev.switchboard.ports.summary.ActionableCount;
import dev.switchboard.ports.summary.StateSummaries;
import dev.switchboard.ports.summary.StateSummary;

/**
 * One actionable model for the whole server (ADR 28): the other features' counters of this session (each
 * {@link StateSummary#actionable()} the kernel lists, such as handoff's {@code handoffs_pending} for
 * {@code plugins.handoff.consumer} and {@code project}) after the mailbox's, for the local stop hook and the local
 * {@code status}. A feature without a configured session adds nothing. Thread-safe.
 */
@Singleton
public final class FeatureCounts {

    private final StateSummaries summaries;

    @Inject
    FeatureCounts(StateSummaries summaries) {
        this.summaries = summaries;
    }

    /**
     * @param mailbox the role's mailbox counters
     * @return them with every other feature's counters after them
     * @throws HookFailure {@code STORE} when a feature's state cannot be read or a count does not fit the counters'
     *                     32 bits; {@code SETUP} when a feature's settings are malformed (the message names the key)
     *                     or two features use one counter name
     */
    public RoleCounts with(RoleCounts mailbox) {
        RoleCounts all = mailbox;
        for (StateSummary contributor : summaries.contributors()) {
            for (ActionableCount count : read(contributor)) {
                all = plus(all, count);
            }
        }
        return all;
    }

    private static java.util.List<ActionableCount> read(StateSummary contributor) {
        try {
            return contributor.actionable();
        } catch (InvalidSettingException e) {
            throw new HookFailure(HookFailure.Kind.SETUP, e.getMessage());
        } catch (RuntimeException e) {
            throw new HookFailure(
                    HookFailure.Kind.STORE,
                    "another feature's pending items cannot be read (" + e.getMessage() + "); has `switchboard"
                            + " serve` run on this store once?");
        }
    }

    private static RoleCounts plus(RoleCounts all, ActionableCount count) {
        int value;
        try {
            value = Math.toIntExact(count.count());
        } catch (ArithmeticException e) {
            throw new HookFailure(
                    HookFailure.Kind.STORE, count.name() + " is " + count.count() + ", more than a counter holds");
        }
        try {
            return all.plus(count.name(), value, count.hint());
        } catch (IllegalArgumentException e) {
            throw new HookFailure(HookFailure.Kind.SETUP, e.getMessage());
        }
    }
}
