package dev.switchboard.plugin.mailbox.channel.adapter.out.persistence;

import java.util.Optional;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.application.port.out.Receipts;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;

/** {@link Receipts} on {@code mailbox_receipt}; results stored as JSON text. Stateless. */
@Singleton
public final class JooqReceipts implements Receipts {

    @Inject
    JooqReceipts() {}

    @Override
    public Optional<Receipt> find(Tx tx, String role, String tool, String key) {
        return JooqTx.of(tx)
                .sql()
                .select(MailboxTables.Receipt.ARGS, MailboxTables.Receipt.RESULT)
                .from(MailboxTables.Receipt.TABLE)
                .where(MailboxTables.Receipt.CHANNEL_ID.eq(tx.channelId()))
                .and(MailboxTables.Receipt.ROLE.eq(role))
                .and(MailboxTables.Receipt.TOOL.eq(tool))
                .and(MailboxTables.Receipt.KEY.eq(key))
                .fetchOptional(row -> new Receipt(
                        row.get(MailboxTables.Receipt.ARGS), Json.object(row.get(MailboxTables.Receipt.RESULT))));
    }

    @Override
    public void save(Tx tx, String role, String tool, String key, Receipt receipt) {
        JooqTx.of(tx)
                .sql()
                .insertInto(MailboxTables.Receipt.TABLE)
                .columns(
                        MailboxTables.Receipt.CHANNEL_ID,
                        MailboxTables.Receipt.ROLE,
                        MailboxTables.Receipt.TOOL,
                        MailboxTables.Receipt.KEY,
                        MailboxTables.Receipt.ARGS,
                        MailboxTables.Receipt.RESULT,
                        MailboxTables.Receipt.CREATED_AT)
                .values(tx.channelId(), role, tool, key, receipt.argsSha256(), Json.write(receipt.result()), tx.now())
                .execute();
    }
}
