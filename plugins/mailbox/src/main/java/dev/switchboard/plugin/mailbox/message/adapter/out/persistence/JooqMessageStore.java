package dev.switchboard.plugin.mailbox.message.adapter.out.persistence;

import static org.jooq.impl.DSL.select;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.exception.DataAccessException;
import org.jooq.impl.DSL;

import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.JooqTx;
import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.Json;
import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.MailboxTables.Acks;
import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.MailboxTables.Events;
import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.MailboxTables.Messages;
import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.MailboxTables.Pins;
import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.MailboxTables.Recipients;
import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.MailboxTables.RoleState;
import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.MailboxTables.Uploads;
import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.MessageRows;
import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.RosterQueries;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.channel.domain.Digest;
import dev.switchboard.plugin.mailbox.channel.domain.Message;
import dev.switchboard.plugin.mailbox.message.application.port.out.Addressees;
import dev.switchboard.plugin.mailbox.message.application.port.out.BodyRead;
import dev.switchboard.plugin.mailbox.message.application.port.out.ListFilter;
import dev.switchboard.plugin.mailbox.message.application.port.out.MessageStore;
import dev.switchboard.plugin.mailbox.message.application.port.out.NewMessage;

/** {@link MessageStore} on {@code mailbox_message} and {@code mailbox_recipient}. Stateless. */
@Singleton
public final class JooqMessageStore implements MessageStore {

    @Inject
    JooqMessageStore() {}

    @Override
    public Optional<Message> find(Tx tx, long id, BodyRead bodies) {
        return MessageRows.select(tx, Messages.ID.eq(id), List.of(Messages.ID.asc()), 1, bodies.maxChars()).stream()
                .findFirst();
    }

    @Override
    public List<Message> findAll(Tx tx, Collection<Long> ids, BodyRead bodies) {
        return MessageRows.byIds(tx, ids, bodies.maxChars());
    }

    @Override
    public Set<String> knownRoles(Tx tx) {
        // one query for both paths: the hooks' direct path tells a role unknown by the same rows (RosterQueries)
        try {
            return new TreeSet<>(RosterQueries.observedRoles(JooqTx.of(tx).connection(), tx.channelId()));
        } catch (SQLException e) {
            throw new DataAccessException("reading the channel's roles failed: " + e.getMessage(), e);
        }
    }

    @Override
    public Set<String> knownAmong(Tx tx, Collection<String> names) {
        Set<String> known = new TreeSet<>();
        try {
            for (String name : names) {
                if (RosterQueries.isKnown(JooqTx.of(tx).connection(), tx.channelId(), name)) {
                    known.add(name);
                }
            }
        } catch (SQLException e) {
            throw new DataAccessException("reading the channel's roles failed: " + e.getMessage(), e);
        }
        return known;
    }

    @Override
    public Addressees addressees(Tx tx, List<String> names) {
        // one statement for the roster and the names (ADR 79); past its limit, the rest one name at a time
        List<String> first = names.subList(0, Math.min(names.size(), RosterQueries.MAX_NAMES_AT_ONCE));
        List<String> rest = names.subList(first.size(), names.size());
        try {
            Optional<RosterQueries.RosterAndKnown> read =
                    RosterQueries.rosterAndKnown(JooqTx.of(tx).connection(), tx.channelId(), first);
            Set<String> known =
                    new TreeSet<>(read.map(RosterQueries.RosterAndKnown::known).orElseGet(() -> knownAmong(tx, first)));
            if (!rest.isEmpty()) {
                known.addAll(knownAmong(tx, rest));
            }
            return new Addressees(read.map(RosterQueries.RosterAndKnown::roles).map(Json::strings), known);
        } catch (SQLException e) {
            throw new DataAccessException("reading the channel's roster failed: " + e.getMessage(), e);
        }
    }

    @Override
    public boolean hasActed(Tx tx, String role) {
        DSLContext sql = JooqTx.of(tx).sql();
        long channel = tx.channelId();
        return sql.fetchExists(sql.selectOne()
                        .from(Messages.TABLE)
                        .where(Messages.CHANNEL_ID.eq(channel).and(Messages.FROM.eq(role))))
                || sql.fetchExists(sql.selectOne()
                        .from(Acks.TABLE)
                        .where(Acks.CHANNEL_ID.eq(channel).and(Acks.ROLE.eq(role))))
                || sql.fetchExists(sql.selectOne()
                        .from(Events.TABLE)
                        .where(Events.CHANNEL_ID.eq(channel).and(Events.ROLE.eq(role))))
                || sql.fetchExists(sql.selectOne()
                        .from(Uploads.TABLE)
                        .where(Uploads.CHANNEL_ID.eq(channel).and(Uploads.ROLE.eq(role))));
    }

    @Override
    public List<Long> removeRole(Tx tx, String role) {
        DSLContext sql = JooqTx.of(tx).sql();
        Condition addressed = Recipients.CHANNEL_ID.eq(tx.channelId()).and(Recipients.ROLE.eq(role));
        List<Long> ids = sql.select(Recipients.MESSAGE_ID)
                .from(Recipients.TABLE)
                .where(addressed)
                .orderBy(Recipients.MESSAGE_ID)
                .fetch(Recipients.MESSAGE_ID);
        sql.deleteFrom(Recipients.TABLE).where(addressed).execute();
        sql.deleteFrom(RoleState.TABLE)
                .where(RoleState.CHANNEL_ID.eq(tx.channelId()).and(RoleState.ROLE.eq(role)))
                .execute();
        return ids;
    }

    @Override
    public Message insert(Tx tx, NewMessage message) {
        return MessageInsert.insert(JooqTx.of(tx).connection(), tx.channelId(), tx.now(), message);
    }

    @Override
    public List<Message> inbox(Tx tx, String role, boolean unreadOnly, int limit, BodyRead bodies) {
        return MessageRows.inbox(tx, role, unreadOnly, limit, bodies.maxChars());
    }

    /** The characters of a body read at once by {@link #bodyDigest}. */
    private static final int DIGEST_PART_CHARS = 1024 * 1024;

    @Override
    public Digest bodyDigest(Tx tx, long id) {
        DSLContext sql = JooqTx.of(tx).sql();
        Digest.Running digest = new Digest.Running();
        for (int from = 1; ; from += DIGEST_PART_CHARS) {
            String part = sql.select(DSL.substring(Messages.BODY, from, DIGEST_PART_CHARS))
                    .from(Messages.TABLE)
                    .where(Messages.CHANNEL_ID.eq(tx.channelId()))
                    .and(Messages.ID.eq(id))
                    .fetchOne(0, String.class);
            if (part == null || part.isEmpty()) {
                return digest.done();
            }
            digest.add(part);
            if (part.codePointCount(0, part.length()) < DIGEST_PART_CHARS) {
                return digest.done();
            }
        }
    }

    @Override
    public List<Message> list(Tx tx, ListFilter filter, int limit, BodyRead bodies) {
        Condition where = Messages.DELETED_AT.isNull();
        if (filter.topic() != null) {
            where = where.and(DSL.lower(Messages.TOPIC).contains(asciiLower(filter.topic())));
        }
        if (filter.text() != null) {
            String text = asciiLower(filter.text());
            where = where.and(DSL.lower(Messages.TOPIC)
                    .contains(text)
                    .or(DSL.lower(Messages.BODY).contains(text)));
        }
        if (filter.fromRole() != null) {
            where = where.and(Messages.FROM.eq(filter.fromRole()));
        }
        if (filter.toRole() != null) {
            where = where.and(Messages.ID.in(select(Recipients.MESSAGE_ID)
                    .from(Recipients.TABLE)
                    .where(Recipients.CHANNEL_ID.eq(tx.channelId()))
                    .and(Recipients.ROLE.eq(filter.toRole()))));
        }
        if (filter.unreadFor() != null) {
            where = where.and(Messages.ID.in(select(Recipients.MESSAGE_ID)
                    .from(Recipients.TABLE)
                    .where(Recipients.CHANNEL_ID.eq(tx.channelId()))
                    .and(Recipients.ROLE.eq(filter.unreadFor()))
                    .and(Recipients.READ_AT.isNull())));
        }
        if (filter.since() != null) {
            where = where.and(Messages.CREATED_AT.ge(filter.since()));
        }
        if (filter.status() != null) {
            where = where.and(Messages.STATUS.eq(filter.status()));
        }
        if (filter.kind() != null) {
            where = where.and(Messages.KIND.eq(filter.kind()));
        }
        if (filter.workStatus() != null) {
            where = where.and(Messages.WORK_STATUS.eq(filter.workStatus()));
        }
        if (filter.pinKey() != null) {
            where = where.and(Messages.PIN_KEY.eq(filter.pinKey()));
        }
        return MessageRows.select(tx, where, List.of(Messages.ID.desc()), limit, bodies.maxChars());
    }

    /** Lower case for ASCII letters only, as both backends' lower() does on the mailbox's "C"/binary text. */
    private static String asciiLower(String text) {
        StringBuilder lower = new StringBuilder(text.length());
        text.chars().forEach(c -> lower.append((char) (c >= 'A' && c <= 'Z' ? c + 32 : c)));
        return lower.toString();
    }

    @Override
    public List<Message> replies(Tx tx, Collection<Long> parents, BodyRead bodies) {
        return parents.isEmpty()
                ? List.of()
                : MessageRows.select(
                        tx, Messages.REPLY_TO.in(parents), List.of(Messages.ID.asc()), null, bodies.maxChars());
    }

    @Override
    public void markRead(Tx tx, String role, Collection<Long> ids) {
        if (ids.isEmpty()) {
            return;
        }
        JooqTx.of(tx)
                .sql()
                .update(Recipients.TABLE)
                .set(Recipients.READ_AT, tx.now())
                .set(Recipients.OPENED_AT, DSL.coalesce(Recipients.OPENED_AT, DSL.val(tx.now())))
                .where(Recipients.CHANNEL_ID.eq(tx.channelId()))
                .and(Recipients.ROLE.eq(role))
                .and(Recipients.MESSAGE_ID.in(ids))
                .and(Recipients.READ_AT.isNull())
                .execute();
    }

    @Override
    public void delete(Tx tx, long id) {
        JooqTx.of(tx)
                .sql()
                .update(Messages.TABLE)
                .set(Messages.DELETED_AT, tx.now())
                .where(Messages.CHANNEL_ID.eq(tx.channelId()))
                .and(Messages.ID.eq(id))
                .execute();
    }

    @Override
    public List<Long> liveNudgesAbout(Tx tx, Collection<Long> targets) {
        if (targets.isEmpty()) {
            return List.of();
        }
        return JooqTx.of(tx)
                .sql()
                .select(Messages.ID)
                .from(Messages.TABLE)
                .where(Messages.CHANNEL_ID.eq(tx.channelId()))
                .and(Messages.ABOUT.in(targets))
                .and(Messages.DELETED_AT.isNull())
                .and(Messages.SUPERSEDED_AT.isNull())
                .orderBy(Messages.ID)
                .fetch(Messages.ID);
    }

    @Override
    public void markSuperseded(Tx tx, long id) {
        JooqTx.of(tx)
                .sql()
                .update(Messages.TABLE)
                .set(Messages.SUPERSEDED_AT, tx.now())
                .where(Messages.CHANNEL_ID.eq(tx.channelId()))
                .and(Messages.ID.eq(id))
                .execute();
    }

    @Override
    public List<Long> openRounds(Tx tx, String pinKey) {
        DSLContext sql = JooqTx.of(tx).sql();
        List<Message> candidates = MessageRows.select(
                tx,
                Messages.KIND
                        .eq("proc")
                        .and(Messages.PIN_KEY.eq(pinKey))
                        .and(Messages.ABOUT.isNull())
                        .and(Messages.DELETED_AT.isNull())
                        .and(Messages.SUPERSEDED_AT.isNull())
                        .and(Messages.ID.notIn(select(Pins.APPROVED_BY)
                                .from(Pins.TABLE)
                                .where(Pins.CHANNEL_ID.eq(tx.channelId()))
                                .and(Pins.APPROVED_BY.isNotNull()))),
                List.of(Messages.ID.asc()),
                null);
        List<Long> open = new ArrayList<>();
        for (Message round : candidates) {
            String since = round.revisedAt() == null ? round.createdAt() : round.revisedAt();
            boolean voided = sql
                    .select(Acks.ROLE)
                    .from(Acks.TABLE)
                    .where(Acks.CHANNEL_ID.eq(tx.channelId()))
                    .and(Acks.MESSAGE_ID.eq(round.id()))
                    .and(Acks.DECISION.eq("void"))
                    .and(Acks.CREATED_AT.ge(since))
                    .fetch(Acks.ROLE)
                    .stream()
                    // the electorate, as the pin approval rule counts it (§1C.5): the declared voters, else the
                    // recipients; a void from anyone else is recorded but closes nothing
                    .anyMatch(role -> !round.isAuthor(role)
                            && (round.voters() == null
                                    ? round.isAddressedTo(role)
                                    : round.voters().contains(role)));
            if (!voided) {
                open.add(round.id());
            }
        }
        return open;
    }

    @Override
    public boolean approvedAPin(Tx tx, long id) {
        return JooqTx.of(tx)
                .sql()
                .fetchExists(DSL.selectOne()
                        .from(Pins.TABLE)
                        .where(Pins.CHANNEL_ID.eq(tx.channelId()))
                        .and(Pins.APPROVED_BY.eq(id)));
    }

    @Override
    public void revise(Tx tx, long id, String topic, String body, Long bodyRef) {
        JooqTx.of(tx)
                .sql()
                .update(Messages.TABLE)
                .set(Messages.TOPIC, topic)
                .set(Messages.BODY, body)
                .set(Messages.BODY_REF, bodyRef)
                .set(Messages.REVISED_AT, tx.now())
                .where(Messages.CHANNEL_ID.eq(tx.channelId()))
                .and(Messages.ID.eq(id))
                .execute();
    }

    @Override
    public int votes(Tx tx, long id) {
        return JooqTx.of(tx)
                .sql()
                .fetchCount(Acks.TABLE, Acks.CHANNEL_ID.eq(tx.channelId()).and(Acks.MESSAGE_ID.eq(id)));
    }

    @Override
    public Optional<Upload> upload(Tx tx, long id) {
        return JooqTx.of(tx)
                .sql()
                .select(Uploads.ROLE, Uploads.SEALED, Uploads.BODY)
                .from(Uploads.TABLE)
                .where(Uploads.CHANNEL_ID.eq(tx.channelId()))
                .and(Uploads.ID.eq(id))
                .fetchOptional(
                        row -> new Upload(row.get(Uploads.ROLE), row.get(Uploads.SEALED) == 1, row.get(Uploads.BODY)));
    }

    @Override
    public void markOpened(Tx tx, String role, Collection<Long> ids) {
        if (ids.isEmpty()) {
            return;
        }
        JooqTx.of(tx)
                .sql()
                .update(Recipients.TABLE)
                .set(Recipients.OPENED_AT, tx.now())
                .where(Recipients.CHANNEL_ID.eq(tx.channelId()))
                .and(Recipients.ROLE.eq(role))
                .and(Recipients.MESSAGE_ID.in(ids))
                .and(Recipients.OPENED_AT.isNull())
                .execute();
    }
}
