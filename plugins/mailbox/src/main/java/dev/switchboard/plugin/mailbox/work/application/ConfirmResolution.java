package dev.switchboard.plugin.mailbox.work.application;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.RequestKeys;
import dev.switchboard.plugin.mailbox.message.application.port.out.EventLog;
import dev.switchboard.plugin.mailbox.work.domain.DebtVerdict;
import dev.switchboard.ports.secrets.SecretGuard;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.Refusal;
import dev.switchboard.ports.tool.ToolCall;

/**
 * {@code confirm_resolution}: the participant who did not resolve a debt confirms it, which takes it out of its
 * {@code resolved_for_you}; idempotent per resolution (a reopen and a new resolve need a new confirm). Writes a
 * {@code resolution_confirmed} event. Thread-safe.
 */
@Singleton
public final class ConfirmResolution {

    private final RequestKeys requestKeys;
    private final Debts debts;
    private final EventLog events;
    private final SecretGuard guard;

    @Inject
    ConfirmResolution(RequestKeys requestKeys, Debts debts, EventLog events, SecretGuard guard) {
        this.requestKeys = requestKeys;
        this.guard = guard;
        this.debts = debts;
        this.events = events;
    }

    /**
     * @param caller who confirms
     * @param call   the tool call: its request_key makes a retry safe ({@link RequestKeys})
     * @param id     the debt
     * @param note   a note for the history, or null
     * @return {@code {id, already_confirmed}}, or a refusal (NOT_FOUND; FORBIDDEN for a non-participant or the
     *     resolver; INVALID_ARGUMENTS for a message that is not a debt; CONFLICT for an open debt)
     */
    public Outcome<Map<String, Object>> confirm(Caller caller, ToolCall call, long id, String note) {
        return requestKeys.write(caller, call, tx -> {
            Outcome<List<String>> screened = guard.checkNote("note", note);
            if (screened instanceof Outcome.Refused<List<String>> refused) {
                return Outcome.refused(refused.refusal());
            }
            return debts.participantOf(tx, caller, id, "confirm").then(subject -> {
                return switch (DebtVerdict.confirm(subject.facts(), caller.role())) {
                    case NOT_A_DEBT -> ResolveDebt.notADebt(id, "confirm").outcome();
                    case NOT_RESOLVED ->
                        Refusal.conflict(
                                        "message " + id + " is not resolved, so there is no resolution"
                                                + " to confirm; nothing was changed. confirm_resolution follows resolve_message")
                                .outcome();
                    case RESOLVER_CANNOT_CONFIRM ->
                        Refusal.forbidden("'" + caller.role() + "' resolved message " + id
                                        + " and cannot also confirm its own resolution; nothing was changed. The other"
                                        + " participant verifies it (it is in their resolved_for_you)")
                                .outcome();
                    case ALREADY -> Outcome.done(answer(id, true));
                    case PROCEED -> {
                        events.append(tx, id, "resolution_confirmed", caller.role(), note, List.of());
                        yield Outcome.done(answer(id, false));
                    }
                };
            });
        });
    }

    private static Map<String, Object> answer(long id, boolean already) {
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("id", id);
        answer.put("already_confirmed", already);
        return answer;
    }
}
