package dev.switchboard.plugin.mailbox.hook.application;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Transactions;
import dev.switchboard.plugin.mailbox.hook.domain.RoleCounts;
import dev.switchboard.plugin.mailbox.orientation.application.StatusReader;
import dev.switchboard.ports.storage.StorageBusyException;
import dev.switchboard.ports.tool.Outcome;

/**
 * A role's actionable counts, read in one read transaction by the code {@code channel_status} counts with
 * ({@link StatusReader#counts}, then {@code StatusCounts.actionable()}): {@code /hook-status}, the local stop hook and
 * the local status CLI. Writes nothing. Thread-safe.
 */
@Singleton
public final class ActionableCounts {

    private final Transactions transactions;
    private final StatusReader reader;

    @Inject
    ActionableCounts(Transactions transactions, StatusReader reader) {
        this.transactions = transactions;
        this.reader = reader;
    }

    /**
     * @param caller the role
     * @return its counts
     * @throws dev.switchboard.ports.storage.StorageException if the store cannot be read
     */
    public RoleCounts of(Caller caller) {
        Outcome<RoleCounts> read = transactions.read(
                caller.channelId(),
                tx -> Outcome.done(new RoleCounts(
                        caller.channel(),
                        caller.role(),
                        reader.counts(tx, caller.role()).actionable())));
        return read.orElse(refusal -> {
            throw new StorageBusyException(refusal.message());
        });
    }
}
