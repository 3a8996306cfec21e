package dev.switchboard.plugin.mailbox.work.application;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.RequestKeys;
import dev.switchboard.plugin.mailbox.channel.domain.ClientText;
import dev.switchboard.plugin.mailbox.message.application.port.out.EventLog;
import dev.switchboard.plugin.mailbox.message.domain.Vocabulary;
import dev.switchboard.plugin.mailbox.work.application.port.out.WorkStore;
import dev.switchboard.plugin.mailbox.work.domain.WorkStatus;
import dev.switchboard.plugin.mailbox.work.domain.WorkStatusDecision;
import dev.switchboard.plugin.mailbox.work.domain.WorkStatusRule;
import dev.switchboard.ports.secrets.SecretGuard;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.Refusal;
import dev.switchboard.ports.tool.ToolCall;

/**
 * {@code set_work_status}: a participant moves a message's work along the transition table of {@link WorkStatusRule};
 * a real transition writes the value, the blockers and a {@code work_status:<value>} event, in the caller's
 * transaction. Thread-safe.
 */
@Singleton
public final class SetWorkStatus {

    private final RequestKeys requestKeys;
    private final Debts debts;
    private final WorkStore work;
    private final EventLog events;
    private final SecretGuard guard;

    @Inject
    SetWorkStatus(RequestKeys requestKeys, Debts debts, WorkStore work, EventLog events, SecretGuard guard) {
        this.requestKeys = requestKeys;
        this.guard = guard;
        this.debts = debts;
        this.work = work;
        this.events = events;
    }

    /**
     * @param caller    who sets it
     * @param call   the tool call: its request_key makes a retry safe ({@link RequestKeys})
     * @param id        the message
     * @param value     the wire value asked for
     * @param note      the note for the history, or null
     * @param blockedBy the blocker ids asked for, empty when none
     * @return {@code {id, work_status, previous, already_set}}, or a refusal (INVALID_ARGUMENTS for an unknown value
     *     or a bad blocker, NOT_FOUND, FORBIDDEN for a non-participant or the done_local setter's done, CONFLICT for
     *     done without done_local)
     */
    public Outcome<Map<String, Object>> set(
            Caller caller, ToolCall call, long id, String value, String note, List<Long> blockedBy) {
        return requestKeys.write(caller, call, tx -> {
            Outcome<List<String>> screened = guard.checkNote("note", note);
            if (screened instanceof Outcome.Refused<List<String>> refused) {
                return Outcome.refused(refused.refusal());
            }
            WorkStatus requested = WorkStatus.fromWire(value).orElse(null);
            if (requested == null) {
                return Outcome.refused(Refusal.invalid(
                        "work_status",
                        ClientText.quoted(value) + " is not a work status; use one of "
                                + String.join(", ", Vocabulary.WORK_STATUSES)));
            }
            return debts.participantOf(tx, caller, id, "set the work status of").then(subject -> {
                WorkStatusDecision decision = WorkStatusRule.decide(
                        subject.facts(), caller.role(), requested, blockedBy, work.blockers(tx, blockedBy));
                return switch (decision) {
                    case WorkStatusDecision.Refused refused ->
                        problem(refused, subject, requested).outcome();
                    case WorkStatusDecision.AlreadySet already -> Outcome.done(answer(id, requested, requested, true));
                    case WorkStatusDecision.Transition transition -> {
                        work.setWorkStatus(tx, id, transition.next(), transition.blockers());
                        events.append(tx, id, transition.next().event(), caller.role(), note, List.of());
                        yield Outcome.done(answer(id, transition.next(), transition.previous(), false));
                    }
                };
            });
        });
    }

    private static Map<String, Object> answer(long id, WorkStatus now, WorkStatus previous, boolean alreadySet) {
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("id", id);
        answer.put("work_status", now.wire());
        answer.put("previous", previous == null ? null : previous.wire());
        answer.put("already_set", alreadySet);
        return answer;
    }

    private static Refusal problem(WorkStatusDecision.Refused refused, Debts.Subject subject, WorkStatus requested) {
        long id = subject.facts().id();
        long blocker = refused.subject();
        String current = subject.facts().workStatus() == null
                ? "none"
                : "'" + subject.facts().workStatus().wire() + "'";
        return switch (refused.problem()) {
            case DONE_NEEDS_DONE_LOCAL ->
                Refusal.conflict("'done' confirms a declared 'done_local', and message " + id + "'s work status is "
                        + current + "; nothing was changed. The executor sets 'done_local' first, then the other"
                        + " participant sets 'done'");
            case DONE_BY_DONE_LOCAL_SETTER ->
                Refusal.forbidden("'" + subject.facts().currentSetter() + "' declared 'done_local' on message " + id
                        + " and cannot also confirm it; nothing was changed. The other participant sets 'done'"
                        + " (it is in their awaiting_done)");
            case BLOCKED_BY_NEEDS_BLOCKED ->
                Refusal.invalid(
                        "blocked_by",
                        "is only valid with work_status 'blocked', not '" + requested.wire()
                                + "'; nothing was changed. Leave blocked_by out, or set 'blocked'");
            case BLOCKER_NOT_FOUND ->
                Refusal.invalid(
                        "blocked_by",
                        "message " + blocker + " not found in this channel (it never existed or was deleted);"
                                + " nothing was changed. Name a live debt");
            case BLOCKER_NOT_A_DEBT ->
                Refusal.invalid(
                        "blocked_by",
                        "message " + blocker + " is not action_required, so nothing could ever resolve it and the"
                                + " task would stay blocked forever; nothing was changed. For a wait on something"
                                + " outside the channel, set 'blocked' without blocked_by and a note, and lift it by"
                                + " hand");
            case BLOCKER_RESOLVED ->
                Refusal.invalid(
                        "blocked_by",
                        "message " + blocker + " is resolved already, so it blocks nothing; nothing was changed."
                                + " Name an open debt, or reopen it first");
            case BLOCKER_IS_ITSELF ->
                Refusal.invalid(
                        "blocked_by",
                        "message " + id + " cannot wait on itself; nothing was changed. Name the debt it waits on");
        };
    }
}
