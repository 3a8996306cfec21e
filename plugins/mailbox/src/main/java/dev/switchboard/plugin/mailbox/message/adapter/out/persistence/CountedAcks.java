package dev.switchboard.plugin.mailbox.message.adapter.out.persistence;

import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.JooqTx;
import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.MailboxTables.Acks;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.message.application.ProposalTally;
import dev.switchboard.plugin.mailbox.message.domain.Message;

/**
 * The core's {@link ProposalTally}: the proposal's acknowledgements counted by decision
 * ({@code {agree, reject, needs_changes, void}}), whoever gave them; the decision capability binds the
 * electorate-aware tally instead. Stateless.
 */
@Singleton
public final class CountedAcks implements ProposalTally {

    @Inject
    CountedAcks() {}

    @Override
    public Map<String, Object> acks(Tx tx, Message proposal, String caller) {
        Map<String, Object> counts = new LinkedHashMap<>();
        for (String decision : new String[] {"agree", "reject", "needs_changes", "void"}) {
            counts.put(decision, 0);
        }
        JooqTx.of(tx)
                .sql()
                .select(Acks.DECISION)
                .from(Acks.TABLE)
                .where(Acks.CHANNEL_ID.eq(tx.channelId()))
                .and(Acks.MESSAGE_ID.eq(proposal.id()))
                .fetch(Acks.DECISION)
                .forEach(decision -> counts.merge(decision, 1, (a, b) -> (Integer) a + (Integer) b));
        return counts;
    }
}
