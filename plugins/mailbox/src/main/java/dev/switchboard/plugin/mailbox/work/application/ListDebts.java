package dev.switchboard.plugin.mailbox.work.application;

import java.util.List;
import java.util.Map;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.Projection;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Transactions;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.message.application.Roster;
import dev.switchboard.plugin.mailbox.work.application.port.out.WorkStore;
import dev.switchboard.plugin.mailbox.work.domain.WorkFacts;
import dev.switchboard.ports.tool.Outcome;

/**
 * The two read views of debts: {@code open_obligations} (how much a role owes, newest first) and {@code ready_work}
 * (what the caller can start now: not behind a live blocker, oldest first). Neither closes anything, whatever the
 * ages. Thread-safe.
 */
@Singleton
public final class ListDebts {

    private final Transactions transactions;
    private final Roster roster;
    private final WorkStore work;
    private final DebtListing listing;

    @Inject
    ListDebts(Transactions transactions, Roster roster, WorkStore work, DebtListing listing) {
        this.transactions = transactions;
        this.roster = roster;
        this.work = work;
        this.listing = listing;
    }

    /**
     * @param caller the caller
     * @param role   whose debts (the caller's by default)
     * @param limit  1..1000
     * @param fields the projection
     * @return the open debts addressed to {@code role}, newest first, with {@code generated_at}; UNKNOWN_ROLE for a
     *     role not on the channel's roster
     */
    public Outcome<Map<String, Object>> openObligations(Caller caller, String role, int limit, Projection fields) {
        return roster.readKnown(
                caller, Roster.named("to_role", role), tx -> openObligations(tx, caller.role(), role, limit, fields));
    }

    /**
     * @param tx     a read transaction
     * @param viewer the caller
     * @param role   whose debts
     * @param limit  1..1000
     * @param fields the projection
     * @return the open debts addressed to {@code role}, newest first, with {@code generated_at}
     */
    public Outcome<Map<String, Object>> openObligations(
            Tx tx, String viewer, String role, int limit, Projection fields) {
        // One more than the page: the listing says whether more exist.
        List<WorkFacts> debts = work.newestOpenDebtsTo(tx, role, limit + 1);
        return Outcome.done(listing.of(tx, viewer, debts, limit, fields, true));
    }

    /**
     * @param caller   the caller
     * @param limit  1..1000
     * @param fields the projection
     * @return the caller's open debts not behind a live blocker (unblocked ones included), oldest first
     */
    public Outcome<Map<String, Object>> readyWork(Caller caller, int limit, Projection fields) {
        return transactions.read(caller.channelId(), tx -> {
            String role = caller.role();
            List<WorkFacts> ready = work.openDebtsTo(tx, role).stream()
                    .filter(WorkFacts::isReady)
                    .toList();
            return Outcome.done(listing.of(tx, role, ready, limit, fields, false));
        });
    }
}
