package dev.switchboard.plugin.mailbox.hosted.application.port.out;

import java.util.function.Function;

import dev.switchboard.ports.tool.Outcome;

/**
 * The hosted registry's transactions. {@link #write}: all checks and writes of one management action in one
 * transaction; a {@link Outcome.Refused} rolls it back, so a refusal writes nothing. The work may run more than once
 * (a busy or conflicting database is retried from scratch), so it must not have effects outside the database.
 * {@link #read}: one snapshot. A database that stays busy throws
 * {@link dev.switchboard.ports.storage.StorageBusyException}. Thread-safe.
 */
public interface Registry {

    /**
     * @param work the checks and writes
     * @param <T>  the result
     * @return the work's outcome, after the commit or the rollback
     */
    <T> Outcome<T> write(Function<RegistryTx, Outcome<T>> work);

    /**
     * @param work reads only
     * @param <T>  the result
     * @return the work's outcome
     */
    <T> Outcome<T> read(Function<RegistryTx, Outcome<T>> work);
}
