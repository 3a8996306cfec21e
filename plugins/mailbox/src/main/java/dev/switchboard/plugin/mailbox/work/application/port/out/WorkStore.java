package dev.switchboard.plugin.mailbox.work.application.port.out;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.work.domain.BlockerFacts;
import dev.switchboard.plugin.mailbox.work.domain.DebtClaim;
import dev.switchboard.plugin.mailbox.work.domain.WorkFacts;
import dev.switchboard.plugin.mailbox.work.domain.WorkStatus;

/**
 * The work facts of a channel's live messages and the writes of the work use cases. Every call runs inside the
 * transaction it is given (reads see its writes) and is scoped to that transaction's channel. Implementations are
 * thread-safe; a storage failure is thrown as the storage port's exceptions.
 */
public interface WorkStore {

    /**
     * @param tx the transaction
     * @param id a message id
     * @return the facts of that live (not deleted) message, or empty
     */
    Optional<WorkFacts> find(Tx tx, long id);

    /**
     * @param tx  the transaction
     * @param ids the ids named in {@code blocked_by}
     * @return the facts of each id, in the order given ({@link BlockerFacts#missing} for one no live message has)
     */
    List<BlockerFacts> blockers(Tx tx, Collection<Long> ids);

    /**
     * @param tx   the transaction
     * @param role a role
     * @return every live open debt addressed to the role, ascending by id
     */
    List<WorkFacts> openDebtsTo(Tx tx, String role);

    /**
     * The open debts of {@link #openDebtsTo}, reduced to what the "taken" rule reads: one narrow read for the counters
     * of a role's status, which may count thousands.
     *
     * @param tx   the transaction
     * @param role a role
     * @return every live open debt addressed to the role, ascending by id
     */
    List<DebtClaim> openDebtClaimsTo(Tx tx, String role);

    /**
     * @param tx   the transaction
     * @param role a role
     * @return how many live open debts are addressed to the role ({@link #openDebtsTo}'s size, counted)
     */
    int openDebtCountTo(Tx tx, String role);

    /**
     * The claims of {@link #openDebtClaimsTo} whose last transition the role made: the only ones the role can have
     * taken, so a count of its untaken debts reads these few instead of every debt.
     *
     * @param tx   the transaction
     * @param role a role
     * @return those open debts addressed to the role, ascending by id
     */
    List<DebtClaim> openDebtClaimsMovedBy(Tx tx, String role);

    /**
     * @param tx   the transaction
     * @param role a role
     * @return the live messages the role sends or receives that have a work_status or are resolved debts (the
     *     candidates of the task lists), ascending by id
     */
    List<WorkFacts> taskCandidates(Tx tx, String role);

    /**
     * {@link #taskCandidates(Tx, String)} of several roles in one pass (the same definition).
     *
     * @param tx    the transaction
     * @param roles the roles, at least one
     * @return per role (every role asked is present), its candidates, ascending by id
     */
    Map<String, List<WorkFacts>> taskCandidates(Tx tx, List<String> roles);

    /**
     * The head of {@link #openDebtsTo}, newest first, read without the rest: a listing of a role with thousands of
     * open debts reads the page it shows.
     *
     * @param tx    the transaction
     * @param role  a role
     * @param limit at most this many
     * @return the newest live open debts addressed to the role, descending by id
     */
    List<WorkFacts> newestOpenDebtsTo(Tx tx, String role, int limit);

    /**
     * @param tx        the transaction
     * @param blockerId a message id
     * @return the live {@code blocked} messages that name it among their blockers, ascending by id
     */
    List<WorkFacts> blockedOn(Tx tx, long blockerId);

    /**
     * One read for a page of messages: which of them are resolved debts whose latest resolve a confirmation follows
     * ({@link dev.switchboard.plugin.mailbox.work.domain.WorkTrail#resolutionConfirmed}, from the trail on the message).
     *
     * @param tx  the transaction
     * @param ids message ids (at most a page, 1..1000 of them; empty gives an empty set)
     * @return those of the ids whose resolution is confirmed
     */
    Set<Long> confirmedResolutions(Tx tx, Collection<Long> ids);

    /**
     * Sets a message's work_status and replaces its blockers.
     *
     * @param tx       the transaction
     * @param id       the message
     * @param value    the new value
     * @param blockers the blockers to keep (empty unless {@code value} is {@code blocked})
     */
    void setWorkStatus(Tx tx, long id, WorkStatus value, List<Long> blockers);

    /**
     * Marks a debt resolved at {@link Tx#now()}.
     *
     * @param tx   the transaction
     * @param id   the debt
     * @param role the resolver
     * @param note the resolution note, or null
     */
    void resolve(Tx tx, long id, String role, String note);

    /**
     * Opens a resolved debt again and clears its resolver, time and note.
     *
     * @param tx the transaction
     * @param id the debt
     */
    void reopen(Tx tx, long id);
}
