package dev.switchboard.plugin.mailbox.status.application;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.Projection;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Transactions;
import dev.switchboard.plugin.mailbox.channel.domain.MailboxLimits;
import dev.switchboard.plugin.mailbox.orientation.application.ChannelStatus;
import dev.switchboard.plugin.mailbox.orientation.application.StatusCounts;
import dev.switchboard.plugin.mailbox.orientation.application.StatusReader;
import dev.switchboard.plugin.mailbox.wait.application.Waiting;
import dev.switchboard.plugin.mailbox.wait.domain.WaitBudget;
import dev.switchboard.plugin.mailbox.work.application.ListDebts;
import dev.switchboard.ports.call.Cancellation;
import dev.switchboard.ports.tool.Outcome;

/**
 * {@code GET /status[?wait=N]} for one role: when something is actionable (seed-features §1C.6 ACTIONABLE_COUNTS) it
 * answers at once; otherwise it waits up to {@code N} seconds (at most {@value WaitBudget#CAP_S}) in the wait
 * capability's {@link Waiting} loop, which the channel's change signal wakes, on this node or another one on the same
 * database. There is no periodic re-check: the loop's interval is set to its largest value, so only a signal or the
 * deadline ends the sleep. After a signal, the held polls of one role take one read of its counters between them
 * and, when something is pending, one read of the answer (summary, debts, counters) between them ({@link Waiting.Reads});
 * each poll then adds only its own {@code waited} and {@code wait_s}. Nothing is written (no presence, no {@code whats_new} used up). Thread-safe.
 */
@Singleton
public final class StatusPoll {

    /** The most open debts {@code debts} lists, newest first; {@code debts_truncated} says when there were more. */
    public static final int DEBTS_LIMIT = MailboxLimits.LIMIT_MAX;

    private final Transactions transactions;
    private final StatusReader reader;
    private final ChannelStatus channelStatus;
    private final ListDebts debts;
    private final Waiting waiting;

    @Inject
    StatusPoll(
            Transactions transactions,
            StatusReader reader,
            ChannelStatus channelStatus,
            ListDebts debts,
            Waiting waiting) {
        this.transactions = transactions;
        this.reader = reader;
        this.channelStatus = channelStatus;
        this.debts = debts;
        this.waiting = waiting;
    }

    /**
     * Waits for something actionable, then reads the answer.
     *
     * @param caller    the role
     * @param waitS     the asked wait in seconds, {@code 0..}{@value WaitBudget#MAX_TIMEOUT_S} (the caller checked it);
     *                  at most {@value WaitBudget#CAP_S} are waited
     * @param clientGone raised when the client leaves (or the server stops): the wait ends at once
     * @return the channel summary ({@link ChannelStatus#summary}) plus {@code channel}, {@code debts} (the open
     *     obligations as headers, newest first), {@code pending} (the non-zero actionable counters), {@code waited}
     *     (seconds held, to the millisecond) and {@code wait_s} (the wait applied); empty when {@code clientGone} was
     *     raised before the answer was read
     * @throws IllegalArgumentException if {@code waitS} is outside its bounds
     */
    public Optional<Outcome<Map<String, Object>>> poll(Caller caller, long waitS, Cancellation clientGone) {
        WaitBudget budget = new WaitBudget(waitS, WaitBudget.MAX_POLL_S);
        long start = System.nanoTime();
        Optional<Outcome<Map<String, Object>>> found = Optional.empty();
        if (budget.effectiveS() > 0) {
            Waiting.Result<Outcome<Map<String, Object>>> result =
                    waiting.until(caller, budget, clientGone, reads -> actionable(caller, reads));
            if (result.end() == Waiting.End.CANCELLED) {
                return Optional.empty();
            }
            found = result.value();
        }
        // held until the wait ended: a found answer was read within it (shared), any other one is read after it
        double waited = Math.round((System.nanoTime() - start) / 1_000_000.0) / 1000.0;
        Outcome<Map<String, Object>> answer = found.orElseGet(() -> answer(caller));
        return Optional.of(answer.then(shared -> {
            Map<String, Object> mine = new LinkedHashMap<>(shared);
            mine.put("waited", waited);
            mine.put("wait_s", budget.effectiveS());
            return Outcome.done(mine);
        }));
    }

    /**
     * The answer every poll of the role shares: everything but {@code waited} and {@code wait_s}, read in one
     * read transaction.
     *
     * @return an unmodifiable map in the answer's order, or the store's refusal
     */
    private Outcome<Map<String, Object>> answer(Caller caller) {
        return transactions.read(caller.channelId(), tx -> {
            StatusCounts counts = reader.counts(tx, caller.role());
            Map<String, Object> answer = channelStatus.summary(tx, caller.role(), counts);
            answer.put("channel", caller.channel());
            return debts.openObligations(tx, caller.role(), caller.role(), DEBTS_LIMIT, Projection.HEADERS_ONLY)
                    .then(open -> {
                        answer.put("debts", open.get("result"));
                        if (open.containsKey("truncated")) {
                            Map<String, Object> truncated = new LinkedHashMap<>();
                            if (open.get("truncated") instanceof Map<?, ?> given) {
                                given.forEach((k, v) -> truncated.put(String.valueOf(k), v));
                            }
                            truncated.put(
                                    "note",
                                    "more open debts than the " + DEBTS_LIMIT
                                            + " listed here (newest first); open_obligations lists them all");
                            answer.put("debts_truncated", truncated);
                        }
                        answer.put("pending", counts.pending());
                        return Outcome.done(Collections.unmodifiableMap(answer));
                    });
        });
    }

    /**
     * @param reads the wait's reads: after a signal, the role's held polls (this one among them) read its counters
     *              once between them, and when something is pending its answer once between them
     * @return present, with the answer to give, when something is actionable for the caller now
     */
    private Optional<Outcome<Map<String, Object>>> actionable(Caller caller, Waiting.Reads reads) {
        Outcome<Boolean> now = reads.read(
                "status-pending/" + caller.role(),
                () -> transactions.read(
                        caller.channelId(),
                        tx -> Outcome.done(
                                !reader.counts(tx, caller.role()).pending().isEmpty())));
        if (!(now instanceof Outcome.Done<Boolean> done && done.value())) {
            return Optional.empty();
        }
        return Optional.of(reads.read("status-answer/" + caller.role(), () -> answer(caller)));
    }
}
