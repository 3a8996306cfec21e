package dev.switchboard.plugin.mailbox.importer.adapter.out.persistence;

import static org.jooq.impl.DSL.field;
import static org.jooq.impl.DSL.greatest;
import static org.jooq.impl.DSL.name;
import static org.jooq.impl.DSL.table;

import jakarta.inject.Singleton;

import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.Table;
import org.jooq.impl.SQLDataType;

import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.JooqTx;
import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.MailboxTables;
import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.MailboxTables.Acks;
import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.MailboxTables.Blockers;
import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.MailboxTables.Channel;
import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.MailboxTables.Events;
import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.MailboxTables.Messages;
import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.MailboxTables.Recipients;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.importer.application.port.out.ImportStore;
import dev.switchboard.plugin.mailbox.importer.domain.ImportCounts;
import dev.switchboard.plugin.mailbox.importer.domain.ImportPlan;
import dev.switchboard.plugin.mailbox.importer.domain.SourceAck;
import dev.switchboard.plugin.mailbox.importer.domain.SourceEvent;
import dev.switchboard.plugin.mailbox.importer.domain.SourceMessage;
import dev.switchboard.plugin.mailbox.importer.domain.SourcePin;
import dev.switchboard.plugin.mailbox.importer.domain.SourceUpload;

/**
 * {@link ImportStore} on the mailbox tables, in the caller's transaction. Store-wide surrogates ({@code seq}) are the
 * store's own, allocated in the file's order, so the history order of events and pin versions is the file's; the
 * search index is fed by the store's own triggers (SQLite) or index (PostgreSQL). Stateless.
 */
@Singleton
public final class JooqImportStore implements ImportStore {

    private static final Field<Long> NEXT_UPLOAD_ID =
            field(name("mailbox_channel", "next_upload_id"), SQLDataType.BIGINT);
    private static final Field<String> ACK_NOTE = field(name("mailbox_ack", "note"), SQLDataType.VARCHAR);

    @Override
    public boolean isEmpty(Tx tx) {
        DSLContext sql = JooqTx.of(tx).sql();
        return !sql.fetchExists(sql.selectOne().from(Messages.TABLE).where(Messages.CHANNEL_ID.eq(tx.channelId())))
                && !sql.fetchExists(sql.selectOne()
                        .from(MailboxTables.Pins.TABLE)
                        .where(MailboxTables.Pins.CHANNEL_ID.eq(tx.channelId())))
                && !sql.fetchExists(sql.selectOne()
                        .from(MailboxTables.Uploads.TABLE)
                        .where(MailboxTables.Uploads.CHANNEL_ID.eq(tx.channelId())));
    }

    @Override
    public ImportCounts write(Tx tx, ImportPlan plan) {
        DSLContext sql = JooqTx.of(tx).sql();
        long channel = tx.channelId();
        long highestMessage = 0;
        for (SourceMessage m : plan.messages()) {
            insertMessage(sql, channel, m);
            for (SourceMessage.Delivery d : m.recipients()) {
                sql.insertInto(Recipients.TABLE)
                        .columns(
                                Recipients.CHANNEL_ID,
                                Recipients.MESSAGE_ID,
                                Recipients.ROLE,
                                Recipients.READ_AT,
                                Recipients.OPENED_AT)
                        .values(channel, m.id(), d.role(), d.readAt(), d.openedAt())
                        .execute();
            }
            if (m.blockedBy() != null) {
                sql.insertInto(Blockers.TABLE)
                        .columns(Blockers.CHANNEL_ID, Blockers.MESSAGE_ID, Blockers.BLOCKER_ID)
                        .values(channel, m.id(), m.blockedBy())
                        .execute();
            }
            highestMessage = Math.max(highestMessage, m.id());
        }
        for (SourceAck a : plan.acks()) {
            sql.insertInto(Acks.TABLE)
                    .columns(Acks.CHANNEL_ID, Acks.MESSAGE_ID, Acks.ROLE, Acks.DECISION, ACK_NOTE, Acks.CREATED_AT)
                    .values(channel, a.messageId(), a.role(), a.decision(), a.note(), a.createdAt())
                    .execute();
        }
        for (SourceEvent e : plan.events()) {
            sql.insertInto(Events.TABLE)
                    .columns(
                            Events.CHANNEL_ID,
                            Events.MESSAGE_ID,
                            Events.EVENT,
                            Events.ROLE,
                            Events.NOTE,
                            Events.CREATED_AT,
                            Events.PIN_KEYS)
                    .values(channel, e.messageId(), e.event(), e.role(), e.note(), e.createdAt(), e.pinKeys())
                    .execute();
        }
        for (SourcePin p : plan.pins()) {
            insertPin(sql, channel, p);
        }
        long highestUpload = 0;
        for (SourceUpload u : plan.uploads()) {
            insertUpload(sql, channel, u);
            highestUpload = Math.max(highestUpload, u.id());
        }
        sql.update(Channel.TABLE)
                .set(
                        Channel.NEXT_MESSAGE_ID,
                        greatest(Channel.NEXT_MESSAGE_ID, org.jooq.impl.DSL.val(Math.addExact(highestMessage, 1L))))
                .set(NEXT_UPLOAD_ID, greatest(NEXT_UPLOAD_ID, org.jooq.impl.DSL.val(Math.addExact(highestUpload, 1L))))
                .where(Channel.ID.eq(channel))
                .execute();
        return plan.counts();
    }

    private static void insertMessage(DSLContext sql, long channel, SourceMessage m) {
        sql.insertInto(Messages.TABLE)
                .set(Messages.CHANNEL_ID, channel)
                .set(Messages.ID, m.id())
                .set(Messages.FROM, m.from())
                .set(Messages.TO, m.to())
                .set(Messages.TOPIC, m.topic())
                .set(Messages.BODY, m.body())
                .set(Messages.ACTION_REQUIRED, m.actionRequired() ? 1 : 0)
                .set(Messages.REPLY_TO, m.replyTo())
                .set(Messages.CREATED_AT, m.createdAt())
                .set(Messages.STATUS, m.status())
                .set(Messages.RESOLVED_BY, m.resolvedBy())
                .set(Messages.RESOLVED_AT, m.resolvedAt())
                .set(Messages.RESOLUTION_NOTE, m.resolutionNote())
                .set(Messages.KIND, m.kind())
                .set(Messages.WORK_STATUS, m.workStatus())
                .set(Messages.DELETED_AT, m.deletedAt())
                .set(Messages.PIN_KEY, m.pinKey())
                .set(Messages.ABOUT, m.aboutMessageId())
                .set(Messages.VOTERS, m.voters())
                .set(Messages.SUPERSEDED_AT, m.supersededAt())
                .set(Messages.ADDENDA, m.addenda())
                .set(Messages.DECISION_REQUESTED, m.decisionRequested() ? 1 : 0)
                .set(Messages.REVISED_AT, m.revisedAt())
                .execute();
    }

    private static final Table<Record> PIN = table(name("mailbox_pin"));
    private static final Table<Record> UPLOAD = table(name("mailbox_upload"));

    private static void insertPin(DSLContext sql, long channel, SourcePin p) {
        sql.insertInto(PIN)
                .set(number("channel_id"), channel)
                .set(text("pin_key"), p.key())
                .set(text("title"), p.title())
                .set(text("body"), p.body())
                .set(text("version"), p.version())
                .set(text("updated_by"), p.updatedBy())
                .set(text("updated_at"), p.updatedAt())
                .set(number("approved_by"), p.approvedBy())
                .set(text("body_sha256"), p.digest().sha256())
                .set(number("body_length_bytes"), p.digest().bytes())
                .set(number("body_length_chars"), p.digest().chars())
                .execute();
    }

    private static void insertUpload(DSLContext sql, long channel, SourceUpload u) {
        sql.insertInto(UPLOAD)
                .set(number("channel_id"), channel)
                .set(number("id"), u.id())
                .set(text("role"), u.role())
                .set(text("label"), u.label())
                .set(text("body"), u.body())
                .set(number("sealed"), u.sealed() ? 1L : 0L)
                .set(text("sha256"), u.digest().sha256())
                .set(number("length_bytes"), u.digest().bytes())
                .set(number("length_chars"), u.digest().chars())
                .set(text("created_at"), u.createdAt())
                .set(text("sealed_at"), u.sealedAt())
                .execute();
    }

    private static Field<String> text(String column) {
        return field(name(column), SQLDataType.VARCHAR);
    }

    private static Field<Long> number(String column) {
        return field(name(column), SQLDataType.BIGINT);
    }
}
