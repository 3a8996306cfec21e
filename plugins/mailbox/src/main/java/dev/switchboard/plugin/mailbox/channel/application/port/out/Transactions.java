package dev.switchboard.plugin.mailbox.channel.application.port.out;

import java.util.function.Function;

import dev.switchboard.ports.tool.Outcome;

/**
 * The mailbox's transactions. Thread-safe.
 *
 * <p>{@link #write}: one transaction for all checks and writes of a call. Writers of one channel are serialised
 * (SQLite: the adapter's single writer, {@code BEGIN IMMEDIATE}; PostgreSQL: the channel's row is locked first), so
 * two concurrent proposals on one pin key cannot both open. A {@link Outcome.Refused} from the work rolls the
 * transaction back: a refusal writes nothing. After the commit, the channel's change signal
 * ({@code mailbox.channel.<channelId>}) is delivered, so waits wake. The work may run more than once (a busy
 * database is retried from scratch), so it must not have effects outside the database.
 *
 * <p>{@link #read}: one consistent snapshot, nothing written.
 *
 * <p>A database that stays busy or unreachable is answered as a refusal with code {@code UNAVAILABLE}, nothing
 * written.
 */
public interface Transactions {

    /** The prefix of every channel's change-signal topic; the channel id follows. */
    String SIGNAL_PREFIX = "mailbox.channel.";

    /** The prefix of every channel's credentials-revoked topic; the channel id follows. */
    String CREDENTIALS_PREFIX = "mailbox.credentials.";

    /**
     * @param channelId the channel the work is about (the caller's, {@code Caller.channelId()})
     * @param work      the checks and writes; its refusal rolls everything back
     * @param <T>       the result
     * @return the work's outcome after the commit (or the rollback)
     */
    <T> Outcome<T> write(long channelId, Function<Tx, Outcome<T>> work);

    /**
     * @param channelId the channel the work reads
     * @param work      reads only
     * @param <T>       the result
     * @return the work's outcome
     */
    <T> Outcome<T> read(long channelId, Function<Tx, Outcome<T>> work);

    /**
     * @param channelId a channel
     * @return the topic its writes publish, for waits to subscribe to
     */
    static String signalTopic(long channelId) {
        return SIGNAL_PREFIX + channelId;
    }

    /**
     * @param channelId a channel
     * @return the topic published when credentials of the channel are revoked ({@code rotate_token},
     *     {@code delete_channel}), for held polls to look at their own again
     */
    static String credentialsTopic(long channelId) {
        return CREDENTIALS_PREFIX + channelId;
    }
}
