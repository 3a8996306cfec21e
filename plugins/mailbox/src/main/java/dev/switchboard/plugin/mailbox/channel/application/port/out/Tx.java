package dev.switchboard.plugin.mailbox.channel.application.port.out;

/**
 * One open mailbox transaction, handed to every storage port call made inside {@link Transactions#write} or
 * {@link Transactions#read}. Valid only during that call; never kept. The persistence adapters reach their SQL
 * connection through the implementation they were given ({@code JooqTx.of(tx)}); the application sees only this.
 */
public interface Tx {

    /** @return the channel every statement of this transaction is about ({@code mailbox_channel.channel_id}) */
    long channelId();

    /**
     * @return the transaction's one time, {@code yyyy-MM-ddTHH:mm:ss.SSSZ} (UTC, milliseconds): every row it writes
     *         carries this same value
     */
    String now();
}
