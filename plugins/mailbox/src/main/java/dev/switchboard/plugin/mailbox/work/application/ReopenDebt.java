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
import dev.switchboard.ports.secrets.SecretGuard;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.ToolCall;

/**
 * {@code reopen_message}: either participant opens a resolved debt again, clearing its resolver, time and note (the
 * history keeps them) and writing a {@code reopen} event; the work_status is left as it is. Thread-safe.
 */
@Singleton
public final class ReopenDebt {

    private final RequestKeys requestKeys;
    private final Debts debts;
    private final WorkStore work;
    private final EventLog events;
    private final SecretGuard guard;

    @Inject
    ReopenDebt(RequestKeys requestKeys, Debts debts, WorkStore work, EventLog events, SecretGuard guard) {
        this.requestKeys = requestKeys;
        this.guard = guard;
        this.debts = debts;
        this.work = work;
        this.events = events;
    }

    /**
     * @param caller who reopens
     * @param call   the tool call: its request_key makes a retry safe ({@link RequestKeys})
     * @param id     the debt
     * @param reason why, for the history, or null
     * @return {@code {id, status: "open", already_open}}, or a refusal (NOT_FOUND, FORBIDDEN for a non-participant,
     *     INVALID_ARGUMENTS for a message that is not a debt)
     */
    public Outcome<Map<String, Object>> reopen(Caller caller, ToolCall call, long id, String reason) {
        return requestKeys.write(caller, call, tx -> {
            Outcome<List<String>> screened = guard.checkNote("reason", reason);
            if (screened instanceof Outcome.Refused<List<String>> refused) {
                return Outcome.refused(refused.refusal());
            }
            return debts.participantOf(tx, caller, id, "reopen").then(subject -> {
                return switch (DebtVerdict.reopen(subject.facts())) {
                    case NOT_A_DEBT -> ResolveDebt.notADebt(id, "reopen").outcome();
                    case ALREADY -> Outcome.done(answer(id, true));
                    default -> {
                        work.reopen(tx, id);
                        events.append(tx, id, "reopen", caller.role(), reason, List.of());
                        yield Outcome.done(answer(id, false));
                    }
                };
            });
        });
    }

    private static Map<String, Object> answer(long id, boolean already) {
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("id", id);
        answer.put("status", "open");
        answer.put("already_open", already);
        return answer;
    }
}
