package dev.switchboard.plugin.mailbox.orientation.application;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.decision.application.port.out.RoundStore;
import dev.switchboard.plugin.mailbox.orientation.application.port.out.StatusStore;
import dev.switchboard.plugin.mailbox.orientation.domain.TaskLists;
import dev.switchboard.plugin.mailbox.work.application.port.out.WorkStore;
import dev.switchboard.plugin.mailbox.work.domain.DebtClaim;
import dev.switchboard.plugin.mailbox.work.domain.WorkFacts;

/**
 * Reads one role's status in the transaction it is given: the unread messages, the open debts and which are untaken
 * (the work capability's taken rule), the proposals awaiting a decision (the decision capability's one query, which
 * {@code awaiting_ack} lists), and the task lists by the author of the last transition. {@code wait_for_mail} and the
 * inbox resources read the {@link StatusSnapshot} with the ids they compare; {@code channel_status} reads the
 * {@link StatusCounts}, by the same rules and stores. Thread-safe.
 */
@Singleton
public final class StatusReader {

    private final StatusStore status;
    private final WorkStore work;
    private final RoundStore rounds;

    @Inject
    StatusReader(StatusStore status, WorkStore work, RoundStore rounds) {
        this.status = status;
        this.work = work;
        this.rounds = rounds;
    }

    /**
     * The counters alone, for {@code channel_status}: counted by the database where {@link #read} lists every id, so
     * a role owing 10,000 debts costs a handful of rows. The same rules as {@link #read}, applied by
     * {@link StatusCounts#of} (which the hooks' direct path, ADR 25, applies to the same queries).
     *
     * @param tx   a transaction
     * @param role the role
     * @return its counters
     */
    public StatusCounts counts(Tx tx, String role) {
        return counts(tx, List.of(role)).get(role);
    }

    /**
     * The counters of several roles, read in one pass where a store counts them together (the unread messages, the
     * task candidates): what {@link #counts(Tx, String)} reads for one role, by the same queries, so a board of every
     * role and a role's {@code channel_status} count alike.
     *
     * @param tx    a transaction
     * @param roles the roles, at least one
     * @return per role, in the order given, its counters
     */
    public Map<String, StatusCounts> counts(Tx tx, List<String> roles) {
        return counts(tx, roles, rounds.awaitingDecisionOf(tx, roles));
    }

    /**
     * {@link #counts(Tx, List)} with the proposals awaiting each role's decision already read in the same transaction
     * (by {@link RoundStore#awaitingDecisionOf(Tx, List)}, as a page that also lists who is still to vote reads them
     * once), so that they are not read a second time.
     *
     * @param tx       a transaction
     * @param roles    the roles, at least one
     * @param awaiting per role (each of {@code roles} present), the proposals awaiting its decision
     * @return per role, in the order given, its counters
     */
    public Map<String, StatusCounts> counts(Tx tx, List<String> roles, Map<String, List<Long>> awaiting) {
        Map<String, StatusStore.UnreadCount> unread = status.unreadCounts(tx, roles);
        Map<String, List<WorkFacts>> candidates = work.taskCandidates(tx, roles);
        Map<String, StatusCounts> counts = new LinkedHashMap<>();
        for (String role : roles) {
            counts.put(
                    role,
                    StatusCounts.of(
                            role,
                            unread.get(role),
                            work.openDebtCountTo(tx, role),
                            work.openDebtClaimsMovedBy(tx, role),
                            awaiting.get(role).size(),
                            candidates.get(role)));
        }
        return counts;
    }

    /**
     * @param tx   a transaction
     * @param role the role
     * @return its snapshot
     */
    public StatusSnapshot read(Tx tx, String role) {
        // Thousands of ids on a busy channel: each set is built once, as the immutable set the snapshot keeps.
        List<StatusStore.Unread> unread = status.unread(tx, role);
        List<Long> unreadIds = new ArrayList<>(unread.size());
        int unopened = 0;
        for (StatusStore.Unread item : unread) {
            unreadIds.add(item.id());
            unopened += item.opened() ? 0 : 1;
        }
        List<DebtClaim> debts = work.openDebtClaimsTo(tx, role);
        List<Long> untaken = new ArrayList<>(debts.size());
        for (DebtClaim debt : debts) {
            if (!debt.isTakenBy(role)) {
                untaken.add(debt.id());
            }
        }
        return new StatusSnapshot(
                Set.copyOf(unreadIds),
                unopened,
                debts.size(),
                Set.copyOf(untaken),
                Set.copyOf(rounds.awaitingDecisionOf(tx, role, null, null)),
                TaskLists.of(work.taskCandidates(tx, role), role));
    }
}
