package dev.switchboard.plugin.mailbox.upload.adapter.out.persistence;

import static org.jooq.impl.DSL.field;
import static org.jooq.impl.DSL.name;
import static org.jooq.impl.DSL.table;

import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.Table;
import org.jooq.impl.SQLDataType;

import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.JooqTx;
import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.Json;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.channel.domain.Digest;
import dev.switchboard.plugin.mailbox.upload.application.port.out.UploadStore;
import dev.switchboard.plugin.mailbox.upload.domain.Upload;

/**
 * {@link UploadStore} on {@code mailbox_upload}; upload ids come from the channel row's {@code next_upload_id} in the
 * writing transaction. The digest columns hold the current body's digest (the published one once sealed). Stateless.
 */
@Singleton
public final class JooqUploadStore implements UploadStore {

    private static final Table<Record> UPLOAD = table(name("mailbox_upload"));
    private static final Field<Long> CHANNEL_ID = field(name("channel_id"), SQLDataType.BIGINT);
    private static final Field<Long> ID = field(name("id"), SQLDataType.BIGINT);
    private static final Field<String> ROLE = field(name("role"), SQLDataType.VARCHAR);
    private static final Field<String> LABEL = field(name("label"), SQLDataType.VARCHAR);
    private static final Field<String> BODY = field(name("body"), SQLDataType.CLOB);
    private static final Field<Integer> SEALED = field(name("sealed"), SQLDataType.INTEGER);
    private static final Field<String> SHA256 = field(name("sha256"), SQLDataType.VARCHAR);
    private static final Field<Long> LENGTH_BYTES = field(name("length_bytes"), SQLDataType.BIGINT);
    private static final Field<Long> LENGTH_CHARS = field(name("length_chars"), SQLDataType.BIGINT);
    private static final Field<String> CREATED_AT = field(name("created_at"), SQLDataType.VARCHAR);
    private static final Field<String> SEALED_AT = field(name("sealed_at"), SQLDataType.VARCHAR);
    private static final Field<String> SENSITIVE_OVERRIDE = field(name("sensitive_override"), SQLDataType.VARCHAR);

    private static final Table<Record> CHANNEL = table(name("mailbox_channel"));
    private static final Field<Long> CHANNEL_ROW = field(name("channel_id"), SQLDataType.BIGINT);
    private static final Field<Long> NEXT_UPLOAD_ID = field(name("next_upload_id"), SQLDataType.BIGINT);

    @Inject
    JooqUploadStore() {}

    @Override
    public Optional<Upload> find(Tx tx, long id) {
        return JooqTx.of(tx)
                .sql()
                .select(ID, ROLE, LABEL, BODY, SEALED, CREATED_AT, SEALED_AT)
                .from(UPLOAD)
                .where(CHANNEL_ID.eq(tx.channelId()))
                .and(ID.eq(id))
                .fetchOptional(row -> new Upload(
                        row.get(ID),
                        row.get(ROLE),
                        row.get(LABEL),
                        row.get(BODY),
                        row.get(SEALED) == 1,
                        row.get(CREATED_AT),
                        row.get(SEALED_AT)));
    }

    @Override
    public Upload create(Tx tx, String owner, String label, String text) {
        DSLContext sql = JooqTx.of(tx).sql();
        long id = sql.select(NEXT_UPLOAD_ID)
                .from(CHANNEL)
                .where(CHANNEL_ROW.eq(tx.channelId()))
                .fetchSingle(NEXT_UPLOAD_ID);
        sql.update(CHANNEL)
                .set(NEXT_UPLOAD_ID, id + 1)
                .where(CHANNEL_ROW.eq(tx.channelId()))
                .execute();
        Upload upload = new Upload(id, owner, label, text, false, tx.now(), null);
        Digest digest = upload.digest();
        sql.insertInto(UPLOAD)
                .columns(CHANNEL_ID, ID, ROLE, LABEL, BODY, SEALED, SHA256, LENGTH_BYTES, LENGTH_CHARS, CREATED_AT)
                .values(
                        tx.channelId(),
                        id,
                        owner,
                        label,
                        text,
                        0,
                        digest.sha256(),
                        digest.bytes(),
                        digest.chars(),
                        tx.now())
                .execute();
        return upload;
    }

    @Override
    public void update(Tx tx, Upload upload) {
        Digest digest = upload.digest();
        JooqTx.of(tx)
                .sql()
                .update(UPLOAD)
                .set(BODY, upload.body())
                .set(SEALED, upload.sealed() ? 1 : 0)
                .set(SHA256, digest.sha256())
                .set(LENGTH_BYTES, digest.bytes())
                .set(LENGTH_CHARS, digest.chars())
                .set(SEALED_AT, upload.sealedAt())
                .where(CHANNEL_ID.eq(tx.channelId()))
                .and(ID.eq(upload.id()))
                .execute();
    }

    @Override
    public void recordOverride(Tx tx, long id, List<String> rules) {
        DSLContext sql = JooqTx.of(tx).sql();
        String earlier = sql.select(SENSITIVE_OVERRIDE)
                .from(UPLOAD)
                .where(CHANNEL_ID.eq(tx.channelId()))
                .and(ID.eq(id))
                .fetchSingle(SENSITIVE_OVERRIDE);
        TreeSet<String> all = new TreeSet<>(rules);
        if (earlier != null) {
            all.addAll(Json.strings(earlier));
        }
        sql.update(UPLOAD)
                .set(SENSITIVE_OVERRIDE, Json.write(List.copyOf(all)))
                .where(CHANNEL_ID.eq(tx.channelId()))
                .and(ID.eq(id))
                .execute();
    }
}
