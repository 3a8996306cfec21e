package dev.switchboard.plugin.mailbox.pin.adapter.out.persistence;

import static org.jooq.impl.DSL.field;
import static org.jooq.impl.DSL.inline;
import static org.jooq.impl.DSL.max;
import static org.jooq.impl.DSL.name;
import static org.jooq.impl.DSL.select;
import static org.jooq.impl.DSL.table;

import java.util.List;
import java.util.Optional;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import org.jooq.Condition;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.SelectField;
import org.jooq.SelectLimitStep;
import org.jooq.Table;
import org.jooq.impl.SQLDataType;

import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.JooqTx;
import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.Json;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.channel.domain.Digest;
import dev.switchboard.plugin.mailbox.pin.application.port.out.PinStore;
import dev.switchboard.plugin.mailbox.pin.domain.PinVersion;

/** {@link PinStore} on {@code mailbox_pin}; {@code seq} orders history (a version label is not unique). Stateless. */
@Singleton
public final class JooqPinStore implements PinStore {

    private static final Table<Record> PIN = table(name("mailbox_pin"));
    private static final Field<Long> SEQ = field(name("seq"), SQLDataType.BIGINT);
    private static final Field<Long> CHANNEL_ID = field(name("channel_id"), SQLDataType.BIGINT);
    private static final Field<String> KEY = field(name("pin_key"), SQLDataType.VARCHAR);
    private static final Field<String> TITLE = field(name("title"), SQLDataType.VARCHAR);
    private static final Field<String> BODY = field(name("body"), SQLDataType.CLOB);
    private static final Field<String> VERSION = field(name("version"), SQLDataType.VARCHAR);
    private static final Field<String> UPDATED_BY = field(name("updated_by"), SQLDataType.VARCHAR);
    private static final Field<String> UPDATED_AT = field(name("updated_at"), SQLDataType.VARCHAR);
    private static final Field<Long> APPROVED_BY = field(name("approved_by"), SQLDataType.BIGINT);
    private static final Field<String> SHA256 = field(name("body_sha256"), SQLDataType.VARCHAR);
    private static final Field<Long> LENGTH_BYTES = field(name("body_length_bytes"), SQLDataType.BIGINT);
    private static final Field<Long> LENGTH_CHARS = field(name("body_length_chars"), SQLDataType.BIGINT);
    private static final Field<String> SENSITIVE_OVERRIDE = field(name("sensitive_override"), SQLDataType.VARCHAR);
    private static final SelectField<?>[] COLUMNS = {
        KEY, TITLE, BODY, VERSION, UPDATED_BY, UPDATED_AT, APPROVED_BY, SHA256, LENGTH_BYTES, LENGTH_CHARS
    };
    /** {@link #COLUMNS} with an empty body in place of the stored one, which stays in the database. */
    private static final SelectField<?>[] WITHOUT_BODY = {
        KEY,
        TITLE,
        inline("").as(BODY),
        VERSION,
        UPDATED_BY,
        UPDATED_AT,
        APPROVED_BY,
        SHA256,
        LENGTH_BYTES,
        LENGTH_CHARS
    };

    @Inject
    JooqPinStore() {}

    @Override
    public Optional<PinVersion> current(Tx tx, String key) {
        return newestFirst(tx, key, COLUMNS).limit(1).fetchOptional(JooqPinStore::version);
    }

    @Override
    public boolean everApproved(Tx tx, String key) {
        return JooqTx.of(tx)
                .sql()
                .fetchExists(PIN, inChannel(tx).and(KEY.eq(key)).and(APPROVED_BY.isNotNull()));
    }

    @Override
    public List<PinVersion> history(Tx tx, String key) {
        return newestFirst(tx, key, WITHOUT_BODY).fetch(JooqPinStore::version);
    }

    /** @return the key's versions in this channel, newest first, with these columns */
    private static SelectLimitStep<Record> newestFirst(Tx tx, String key, SelectField<?>[] columns) {
        return JooqTx.of(tx)
                .sql()
                .select(columns)
                .from(PIN)
                .where(inChannel(tx).and(KEY.eq(key)))
                .orderBy(SEQ.desc());
    }

    @Override
    public Optional<String> body(Tx tx, String key, int newest) {
        return JooqTx.of(tx)
                .sql()
                .select(BODY)
                .from(PIN)
                .where(inChannel(tx).and(KEY.eq(key)))
                .orderBy(SEQ.desc())
                .limit(1)
                .offset(newest)
                .fetchOptional(BODY);
    }

    @Override
    public List<PinVersion> latest(Tx tx) {
        return JooqTx.of(tx)
                .sql()
                .select(WITHOUT_BODY)
                .from(PIN)
                .where(SEQ.in(select(max(SEQ)).from(PIN).where(inChannel(tx)).groupBy(KEY)))
                .orderBy(KEY)
                .fetch(JooqPinStore::version);
    }

    @Override
    public void append(Tx tx, PinVersion version, List<String> sensitiveOverride) {
        JooqTx.of(tx)
                .sql()
                .insertInto(PIN)
                .columns(
                        CHANNEL_ID,
                        KEY,
                        TITLE,
                        BODY,
                        VERSION,
                        UPDATED_BY,
                        UPDATED_AT,
                        APPROVED_BY,
                        SHA256,
                        LENGTH_BYTES,
                        LENGTH_CHARS,
                        SENSITIVE_OVERRIDE)
                .values(
                        tx.channelId(),
                        version.key(),
                        version.title(),
                        version.body(),
                        version.version(),
                        version.updatedBy(),
                        version.updatedAt(),
                        version.approvedBy(),
                        version.digest().sha256(),
                        version.digest().bytes(),
                        version.digest().chars(),
                        sensitiveOverride.isEmpty() ? null : Json.write(sensitiveOverride))
                .execute();
    }

    private static Condition inChannel(Tx tx) {
        return CHANNEL_ID.eq(tx.channelId());
    }

    private static PinVersion version(Record row) {
        return new PinVersion(
                row.get(KEY),
                row.get(TITLE),
                row.get(BODY),
                row.get(VERSION),
                row.get(UPDATED_BY),
                row.get(UPDATED_AT),
                row.get(APPROVED_BY),
                new Digest(row.get(SHA256), row.get(LENGTH_BYTES), row.get(LENGTH_CHARS)));
    }
}
