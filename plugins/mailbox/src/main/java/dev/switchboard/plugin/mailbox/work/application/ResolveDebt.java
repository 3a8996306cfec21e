package dev.switchboard.plugin.mailbox.work.application;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.RequestKeys;
import dev.switchboard.plugin.mailbox.message.application.port.out.EventLog;
import dev.switchboard.plugin.mailbox.work.application.port.out.WorkStore;
import dev.switchboard.plugin.mailbox.work.domain.DebtVerdict;
import dev.switchboard.plugin.mailbox.work.domain.WorkFacts;
import dev.switchboard.ports.secrets.SecretGuard;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.Refusal;
import dev.switchboard.ports.tool.ToolCall;

/**
 * {@code resolve_message}: a participant closes a debt with an optional note; the answer names the tasks that this
 * resolve left without a live blocker ({@code unblocked}), whose work_status stays {@code blocked}. A second resolve
 * keeps the first resolver and note. Thread-safe.
 */
@Singleton
public final class ResolveDebt {

    private final RequestKeys requestKeys;
    private final Debts debts;
    private final WorkStore work;
    private final EventLog events;
    private final SecretGuard guard;

    @Inject
    ResolveDebt(RequestKeys requestKeys, Debts debts, WorkStore work, EventLog events, SecretGuard guard) {
        this.requestKeys = requestKeys;
        this.guard = guard;
        this.debts = debts;
        this.work = work;
        this.events = events;
    }

    /**
     * @param caller the resolver
     * @param call   the tool call: its request_key makes a retry safe ({@link RequestKeys})
     * @param id     the debt
     * @param note   the resolution note (at most 4000 characters, checked by the tool), or null
     * @return {@code {id, status, resolved_by, resolved_at, already_resolved[, unblocked]}}, or a refusal (NOT_FOUND,
     *     FORBIDDEN for a non-participant, INVALID_ARGUMENTS for a message that is not a debt)
     */
    public Outcome<Map<String, Object>> resolve(Caller caller, ToolCall call, long id, String note) {
        return requestKeys.write(caller, call, tx -> {
            Outcome<List<String>> screened = guard.checkNote("resolution_note", note);
            if (screened instanceof Outcome.Refused<List<String>> refused) {
                return Outcome.refused(refused.refusal());
            }
            return debts.participantOf(tx, caller, id, "resolve").then(subject -> {
                WorkFacts debt = subject.facts();
                return switch (DebtVerdict.resolve(debt)) {
                    case NOT_A_DEBT -> notADebt(id, "resolve").outcome();
                    case ALREADY -> Outcome.done(answer(id, debt.resolvedBy(), debt.resolvedAt(), true));
                    default -> {
                        work.resolve(tx, id, caller.role(), note);
                        events.append(tx, id, "resolve", caller.role(), note, List.of());
                        Map<String, Object> answer = answer(id, caller.role(), tx.now(), false);
                        answer.put(
                                "unblocked",
                                work.blockedOn(tx, id).stream()
                                        .filter(WorkFacts::isUnblocked)
                                        .map(WorkFacts::id)
                                        .toList());
                        yield Outcome.done(answer);
                    }
                };
            });
        });
    }

    static Refusal notADebt(long id, String verb) {
        return Refusal.invalid(
                "message_id",
                "message " + id + " is not action_required, so there is no debt to " + verb
                        + "; nothing was changed. Only messages sent with action_required: true are debts");
    }

    private static Map<String, Object> answer(long id, String by, String at, boolean already) {
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("id", id);
        answer.put("status", "resolved");
        answer.put("resolved_by", by);
        answer.put("resolved_at", at);
        answer.put("already_resolved", already);
        return answer;
    }
}
