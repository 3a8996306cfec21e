package dev.switchboard.plugin.mailbox.wait.application;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Transactions;
import dev.switchboard.plugin.mailbox.channel.domain.ActionableIds;
import dev.switchboard.plugin.mailbox.channel.domain.MailWatch;
import dev.switchboard.plugin.mailbox.orientation.application.StatusReader;
import dev.switchboard.plugin.mailbox.wait.domain.WaitBudget;
import dev.switchboard.ports.call.Cancellation;
import dev.switchboard.ports.tool.ErrorCode;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.Refusal;

/**
 * {@code wait_for_mail}: sleeps until a new item appears in one of the caller's actionable counters, compared by ids
 * with what it had when the wait began ({@link MailWatch}). The ids at entry are read by the call itself; after a
 * signal, the waits of one role take one read of its ids between them ({@link Waiting.Reads}). Thread-safe.
 */
@Singleton
public final class WaitForMail {

    private final Transactions transactions;
    private final StatusReader status;
    private final Waiting waiting;

    @Inject
    WaitForMail(Transactions transactions, StatusReader status, Waiting waiting) {
        this.transactions = transactions;
        this.status = status;
        this.waiting = waiting;
    }

    /**
     * @param caller        who waits
     * @param budget        the validated budget
     * @param ignoreBacklog whether what is pending at entry is treated as seen
     * @param cancellation  the call's cancellation
     * @return {@code {pending, pending_at_entry, timed_out: false}} or {@code {timed_out: true, waited_s, retry: true,
     *     pending_at_entry, note}}; CANCELLED when the call was cancelled
     */
    public Outcome<Map<String, Object>> await(
            Caller caller, WaitBudget budget, boolean ignoreBacklog, Cancellation cancellation) {
        return actionable(caller).then(entry -> {
            MailWatch watch = new MailWatch(entry, ignoreBacklog);
            Waiting.Result<Map<String, Integer>> result =
                    waiting.until(caller, budget, cancellation, reads -> switch (reads.read(
                            "actionable-ids/" + caller.role(), () -> actionable(caller))) {
                        case Outcome.Done<ActionableIds> now ->
                            Optional.of(watch.newSince(now.value())).filter(pending -> !pending.isEmpty());
                        case Outcome.Refused<ActionableIds> refused -> Optional.empty();
                    });
            return answer(result, entry, budget);
        });
    }

    private Outcome<ActionableIds> actionable(Caller caller) {
        return transactions.read(
                caller.channelId(),
                tx -> Outcome.done(status.read(tx, caller.role()).actionable()));
    }

    private static Outcome<Map<String, Object>> answer(
            Waiting.Result<Map<String, Integer>> result, ActionableIds entry, WaitBudget budget) {
        Map<String, Object> answer = new LinkedHashMap<>();
        return switch (result.end()) {
            case FOUND -> {
                answer.put("pending", result.value().orElseThrow());
                answer.put("pending_at_entry", entry.nonZeroCounts());
                answer.put("timed_out", false);
                yield Outcome.done(answer);
            }
            case TIMED_OUT -> {
                answer.put("timed_out", true);
                answer.put("waited_s", budget.effectiveS());
                answer.put("retry", true);
                answer.put("pending_at_entry", entry.nonZeroCounts());
                answer.put(
                        "note",
                        "nothing new arrived. Call wait_for_mail again to keep waiting, or finish: whatever arrives"
                                + " later stays in the mailbox and shows in the next channel_status or wait."
                                + " pending_at_entry is what you already had when this wait began; it did not wake"
                                + " you");
                yield Outcome.done(answer);
            }
            case CANCELLED -> Outcome.refused(Refusal.of(ErrorCode.CANCELLED, "the wait was cancelled"));
        };
    }
}
