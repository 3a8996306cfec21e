package dev.switchboard.plugin.mailbox.orientation.application;

import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Transactions;
import dev.switchboard.plugin.mailbox.message.application.Roster;
import dev.switchboard.plugin.mailbox.orientation.application.port.out.StatusStore;
import dev.switchboard.ports.tool.Outcome;

/**
 * {@code list_roles}: a hosted channel's roles are its registered roster ({@value Roster#REGISTRY}); on one machine there is
 * no roster, so the roles are those observed in the channel's messages (as senders or recipients), which can
 * under-report a role that never spoke; beyond the original, {@code last_seen}
 * says when each role last called a mailbox tool. Thread-safe.
 */
@Singleton
public final class ListRoles {

    private final Transactions transactions;
    private final Roster roster;
    private final StatusStore status;

    @Inject
    ListRoles(Transactions transactions, Roster roster, StatusStore status) {
        this.transactions = transactions;
        this.roster = roster;
        this.status = status;
    }

    /**
     * @param caller who asks
     * @return {@code {roles, you, source, last_seen}}, roles ascending
     */
    public Outcome<Map<String, Object>> roles(Caller caller) {
        return transactions.read(caller.channelId(), tx -> {
            Roster.Members members = roster.of(tx);
            Map<String, Object> answer = new LinkedHashMap<>();
            answer.put("roles", members.roles());
            answer.put("you", caller.role());
            answer.put("source", members.source());
            answer.put("last_seen", status.lastSeen(tx));
            return Outcome.done(answer);
        });
    }
}
