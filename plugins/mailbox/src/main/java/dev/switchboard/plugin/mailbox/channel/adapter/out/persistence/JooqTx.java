package dev.switchboard.plugin.mailbox.channel.adapter.out.persistence;

import java.sql.Connection;

import org.jooq.DSLContext;

import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;

/**
 * The persistence side of a {@link Tx}: the transaction's jOOQ context and JDBC connection, for every mailbox
 * persistence adapter ({@code JooqTx.of(tx).sql()}). Valid only during the transaction's work. Not thread-safe (one
 * transaction, one thread).
 */
public final class JooqTx implements Tx {

    private final long channelId;
    private final String now;
    private final MailboxJooq jooq;
    private final Connection connection;
    private DSLContext sql;

    JooqTx(long channelId, String now, MailboxJooq jooq, Connection connection) {
        this.channelId = channelId;
        this.now = now;
        this.jooq = jooq;
        this.connection = connection;
    }

    /**
     * @param tx a transaction handed out by this plugin's {@code Transactions}
     * @return its persistence side
     * @throws IllegalArgumentException if it came from elsewhere (a defect)
     */
    public static JooqTx of(Tx tx) {
        if (tx instanceof JooqTx jooq) {
            return jooq;
        }
        throw new IllegalArgumentException("not a mailbox transaction: " + tx);
    }

    @Override
    public long channelId() {
        return channelId;
    }

    @Override
    public String now() {
        return now;
    }

    /**
     * @return jOOQ on the transaction's connection, in the storage's dialect; made on first use, since the hottest
     *     paths ({@code send_message}'s) run on plain JDBC and building the context costs a send measurable CPU
     */
    public DSLContext sql() {
        if (sql == null) {
            sql = jooq.on(connection);
        }
        return sql;
    }

    /** @return the transaction's JDBC connection (for change signals); never closed by the caller */
    public Connection connection() {
        return connection;
    }
}
