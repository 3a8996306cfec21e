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
    private final DSLContext sql;
    private final Connection connection;

    JooqTx(long channelId, String now, DSLContext sql, Connection connection) {
        this.channelId = channelId;
        this.now = now;
        this.sql = sql;
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

    /** @return jOOQ on the transaction's connection, in the storage's dialect */
    public DSLContext sql() {
        return sql;
    }

    /** @return the transaction's JDBC connection (for change signals); never closed by the caller */
    public Connection connection() {
        return connection;
    }
}
