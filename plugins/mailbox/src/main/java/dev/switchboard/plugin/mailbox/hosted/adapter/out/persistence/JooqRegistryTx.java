package dev.switchboard.plugin.mailbox.hosted.adapter.out.persistence;

import static org.jooq.impl.DSL.field;
import static org.jooq.impl.DSL.name;

import java.sql.Connection;
import java.util.List;
import java.util.Optional;

import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Record;
import org.jooq.impl.SQLDataType;

import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.JdbcQuery;
import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.Json;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Transactions;
import dev.switchboard.plugin.mailbox.hosted.adapter.out.persistence.RegistryTables.Audit;
import dev.switchboard.plugin.mailbox.hosted.adapter.out.persistence.RegistryTables.Channels;
import dev.switchboard.plugin.mailbox.hosted.adapter.out.persistence.RegistryTables.Nonces;
import dev.switchboard.plugin.mailbox.hosted.adapter.out.persistence.RegistryTables.OwnerNonces;
import dev.switchboard.plugin.mailbox.hosted.adapter.out.persistence.RegistryTables.OwnerSessions;
import dev.switchboard.plugin.mailbox.hosted.adapter.out.persistence.RegistryTables.Sessions;
import dev.switchboard.plugin.mailbox.hosted.adapter.out.persistence.RegistryTables.Tokens;
import dev.switchboard.plugin.mailbox.hosted.application.port.out.AuditEntry;
import dev.switchboard.plugin.mailbox.hosted.application.port.out.HostedChannel;
import dev.switchboard.plugin.mailbox.hosted.application.port.out.RegistryTx;
import dev.switchboard.plugin.mailbox.hosted.application.port.out.StoredCredential;
import dev.switchboard.ports.signal.ChangeSignals;

/** A {@link RegistryTx} on one connection's jOOQ context. Valid only during its transaction; not thread-safe. */
final class JooqRegistryTx implements RegistryTx {

    /**
     * {@link #live}'s query, the one a request's credential check runs (at admission and before a held answer, ADR 27):
     * plain JDBC with the same conditions as {@link #liveWhere}, since building and rendering the jOOQ query cost more
     * than the read itself (JFR under the {@code /status} load bench).
     */
    private static final String LIVE_BY_HASH = "SELECT t.token_id, t.token_hash, t.kind, t.channel_id, c.name, t.role,"
            + " t.issued_by, t.issued_by_token, t.last_used_at"
            + " FROM mailbox_token t JOIN mailbox_channel c ON c.channel_id = t.channel_id"
            + " LEFT JOIN mailbox_token issuer ON issuer.token_id = t.issued_by_token"
            + " WHERE t.token_hash = ? AND t.revoked_at IS NULL AND (t.expires_at IS NULL OR t.expires_at > ?)"
            + " AND c.deleted_at IS NULL AND (t.issued_by_token IS NULL OR issuer.revoked_at IS NULL)";

    private final Connection connection;
    private final DSLContext sql;
    private final ChangeSignals signals;
    private final String now;

    JooqRegistryTx(Connection connection, DSLContext sql, ChangeSignals signals, String now) {
        this.connection = connection;
        this.signals = signals;
        this.sql = sql;
        this.now = now;
    }

    @Override
    public String now() {
        return now;
    }

    @Override
    public Optional<HostedChannel> channel(String name) {
        return sql.select(Channels.ID, Channels.NAME, Channels.ROLES, Channels.CREATED_AT, Channels.DELETED_AT)
                .from(Channels.TABLE)
                .where(Channels.NAME.eq(name))
                .fetchOptional()
                .map(JooqRegistryTx::channelOf);
    }

    @Override
    public List<HostedChannel> activeHostedChannels() {
        return sql.select(Channels.ID, Channels.NAME, Channels.ROLES, Channels.CREATED_AT, Channels.DELETED_AT)
                .from(Channels.TABLE)
                .where(Channels.ROLES.isNotNull().and(Channels.DELETED_AT.isNull()))
                .orderBy(Channels.NAME)
                .fetch()
                .map(JooqRegistryTx::channelOf);
    }

    @Override
    public long insertChannel(String name, List<String> roles) {
        return sql.insertInto(Channels.TABLE)
                .columns(Channels.NAME, Channels.ROLES, Channels.CREATED_AT)
                .values(name, Json.write(roles), now)
                .returningResult(Channels.ID)
                .fetchSingle()
                .value1();
    }

    @Override
    public void updateRoles(long channelId, List<String> roles) {
        sql.update(Channels.TABLE)
                .set(Channels.ROLES, Json.write(roles))
                .where(Channels.ID.eq(channelId))
                .execute();
    }

    @Override
    public void markDeleted(long channelId) {
        sql.update(Channels.TABLE)
                .set(Channels.DELETED_AT, now)
                .where(Channels.ID.eq(channelId))
                .execute();
    }

    @Override
    public long insertCredential(
            String hash,
            String kind,
            long channelId,
            String role,
            String issuedBy,
            Long issuedByToken,
            String expiresAt) {
        return sql.insertInto(Tokens.TABLE)
                .columns(
                        Tokens.HASH,
                        Tokens.KIND,
                        Tokens.CHANNEL_ID,
                        Tokens.ROLE,
                        Tokens.CREATED_AT,
                        Tokens.ISSUED_BY,
                        Tokens.ISSUED_BY_TOKEN,
                        Tokens.EXPIRES_AT)
                .values(hash, kind, channelId, role, now, issuedBy, issuedByToken, expiresAt)
                .returningResult(Tokens.ID)
                .fetchSingle()
                .value1();
    }

    @Override
    public int revokeRole(long channelId, String role) {
        Condition roleTokens = Tokens.KIND
                .eq(StoredCredential.ROLE)
                .and(Tokens.CHANNEL_ID.eq(channelId))
                .and(Tokens.ROLE.eq(role));
        List<Long> issuers =
                sql.select(Tokens.ID).from(Tokens.TABLE).where(roleTokens).fetch(Tokens.ID);
        return revoke(issuers.isEmpty() ? roleTokens : roleTokens.or(Tokens.ISSUED_BY_TOKEN.in(issuers)));
    }

    @Override
    public int revokeViewKeys(long channelId) {
        return revoke(Tokens.KIND.eq(StoredCredential.VIEW).and(Tokens.CHANNEL_ID.eq(channelId)));
    }

    @Override
    public int revokeChannel(long channelId) {
        return revoke(Tokens.CHANNEL_ID.eq(channelId));
    }

    @Override
    public List<Long> liveViewKeys(long channelId, Long issuedByToken) {
        return sql.select(Tokens.ID)
                .from(Tokens.TABLE)
                .where(Tokens.KIND.eq(StoredCredential.VIEW))
                .and(Tokens.CHANNEL_ID.eq(channelId))
                .and(issuedByToken == null ? Tokens.ISSUED_BY_TOKEN.isNull() : Tokens.ISSUED_BY_TOKEN.eq(issuedByToken))
                .and(Tokens.REVOKED_AT.isNull())
                .and(Tokens.EXPIRES_AT.isNull().or(Tokens.EXPIRES_AT.gt(now)))
                .orderBy(Tokens.ID)
                .fetch(Tokens.ID);
    }

    @Override
    public void revoke(long tokenId) {
        revoke(Tokens.ID.eq(tokenId));
    }

    @Override
    public void insertNonce(String hash, long viewKeyId, String expiresAt) {
        sql.insertInto(Nonces.TABLE)
                .columns(Nonces.HASH, Nonces.TOKEN_ID, Nonces.EXPIRES_AT)
                .values(hash, viewKeyId, expiresAt)
                .execute();
    }

    @Override
    public void credentialsRevoked(long channelId) {
        signals.publish(connection, Transactions.credentialsTopic(channelId));
    }

    @Override
    public boolean isLive(long tokenId) {
        return liveWhere(Tokens.ID.eq(tokenId)).isPresent();
    }

    @Override
    public Optional<StoredCredential> live(String hash) {
        return JdbcQuery.list(connection, LIVE_BY_HASH, List.of(hash, now), row -> {
                    long issuerId = row.getLong(8);
                    Long issuer = row.wasNull() ? null : issuerId;
                    return new StoredCredential(
                            row.getLong(1),
                            row.getString(2),
                            row.getString(3),
                            row.getLong(4),
                            row.getString(5),
                            row.getString(6),
                            row.getString(7),
                            issuer,
                            row.getString(9));
                })
                .stream()
                .findFirst();
    }

    @Override
    public Optional<StoredCredential> redeemNonce(String hash) {
        Optional<Long> viewKey = sql.select(Nonces.TOKEN_ID)
                .from(Nonces.TABLE)
                .where(Nonces.HASH.eq(hash))
                .and(Nonces.USED_AT.isNull())
                .and(Nonces.EXPIRES_AT.gt(now))
                .fetchOptional(Nonces.TOKEN_ID);
        if (viewKey.isEmpty()) {
            return Optional.empty();
        }
        int marked = sql.update(Nonces.TABLE)
                .set(Nonces.USED_AT, now)
                .where(Nonces.HASH.eq(hash))
                .and(Nonces.USED_AT.isNull())
                .execute();
        return marked == 1
                ? liveWhere(Tokens.ID.eq(viewKey.get()).and(Tokens.KIND.eq(StoredCredential.VIEW)))
                : Optional.empty();
    }

    @Override
    public void insertSession(String hash, long viewKeyId, String expiresAt) {
        sql.insertInto(Sessions.TABLE)
                .columns(Sessions.HASH, Sessions.TOKEN_ID, Sessions.CREATED_AT, Sessions.EXPIRES_AT)
                .values(hash, viewKeyId, now, expiresAt)
                .execute();
    }

    @Override
    public Optional<StoredCredential> liveSession(String hash) {
        Optional<Long> viewKey = sql.select(Sessions.TOKEN_ID)
                .from(Sessions.TABLE)
                .where(unexpired(Sessions.ROWS, hash))
                .fetchOptional(Sessions.TOKEN_ID);
        return viewKey.flatMap(id -> liveWhere(Tokens.ID.eq(id).and(Tokens.KIND.eq(StoredCredential.VIEW))));
    }

    @Override
    public int pruneExpiredSessions(int limit) {
        return pruneExpired(Sessions.ROWS, limit);
    }

    @Override
    public void insertOwnerNonce(String hash, String expiresAt) {
        insert(OwnerNonces.ROWS, hash, expiresAt);
    }

    @Override
    public boolean redeemOwnerNonce(String hash) {
        return sql.update(OwnerNonces.TABLE)
                        .set(OwnerNonces.USED_AT, now)
                        .where(unexpired(OwnerNonces.ROWS, hash))
                        .and(OwnerNonces.USED_AT.isNull())
                        .execute()
                == 1;
    }

    @Override
    public void insertOwnerSession(String hash, String expiresAt) {
        insert(OwnerSessions.ROWS, hash, expiresAt);
    }

    @Override
    public boolean liveOwnerSession(String hash) {
        return sql.fetchExists(sql.selectOne().from(OwnerSessions.TABLE).where(unexpired(OwnerSessions.ROWS, hash)));
    }

    @Override
    public int pruneExpiredOwnerAccess(int limit) {
        int nonces = pruneExpired(OwnerNonces.ROWS, limit);
        return nonces + pruneExpired(OwnerSessions.ROWS, limit);
    }

    /** Writes a row keyed by {@code hash}, created now, counting until {@code expiresAt}. */
    private void insert(RegistryTables.Expiring rows, String hash, String expiresAt) {
        sql.insertInto(rows.table())
                .columns(rows.hash(), rows.createdAt(), rows.expiresAt())
                .values(hash, now, expiresAt)
                .execute();
    }

    /** The row keyed by {@code hash}, while it has not expired. */
    private Condition unexpired(RegistryTables.Expiring rows, String hash) {
        return rows.hash().eq(hash).and(rows.expiresAt().gt(now));
    }

    /** Deletes at most {@code limit} expired rows, the longest expired first, and returns how many it deleted. */
    private int pruneExpired(RegistryTables.Expiring rows, int limit) {
        return sql.deleteFrom(rows.table())
                .where(rows.hash()
                        .in(sql.select(rows.hash())
                                .from(rows.table())
                                .where(rows.expiresAt().le(now))
                                .orderBy(rows.expiresAt())
                                .limit(limit)))
                .execute();
    }

    @Override
    public int endOwnerSessions() {
        sql.deleteFrom(OwnerNonces.TABLE).where(OwnerNonces.USED_AT.isNull()).execute();
        return sql.deleteFrom(OwnerSessions.TABLE).execute();
    }

    /** The credential matching {@code which} when it is live: unrevoked, unexpired, its channel and issuer alive. */
    private Optional<StoredCredential> liveWhere(Condition which) {
        var issuer = Tokens.TABLE.as("issuer");
        var issuerId = field(name("issuer", "token_id"), SQLDataType.BIGINT);
        var issuerRevoked = field(name("issuer", "revoked_at"), SQLDataType.VARCHAR);
        return sql.select(
                        Tokens.ID,
                        Tokens.HASH,
                        Tokens.KIND,
                        Tokens.CHANNEL_ID,
                        Channels.NAME,
                        Tokens.ROLE,
                        Tokens.ISSUED_BY,
                        Tokens.ISSUED_BY_TOKEN,
                        Tokens.LAST_USED_AT)
                .from(Tokens.TABLE)
                .join(Channels.TABLE)
                .on(Channels.ID.eq(Tokens.CHANNEL_ID))
                .leftJoin(issuer)
                .on(issuerId.eq(Tokens.ISSUED_BY_TOKEN))
                .where(which)
                .and(Tokens.REVOKED_AT.isNull())
                .and(Tokens.EXPIRES_AT.isNull().or(Tokens.EXPIRES_AT.gt(now)))
                .and(Channels.DELETED_AT.isNull())
                .and(Tokens.ISSUED_BY_TOKEN.isNull().or(issuerRevoked.isNull()))
                .fetchOptional()
                .map(row -> new StoredCredential(
                        row.get(Tokens.ID),
                        row.get(Tokens.HASH),
                        row.get(Tokens.KIND),
                        row.get(Tokens.CHANNEL_ID),
                        row.get(Channels.NAME),
                        row.get(Tokens.ROLE),
                        row.get(Tokens.ISSUED_BY),
                        row.get(Tokens.ISSUED_BY_TOKEN),
                        row.get(Tokens.LAST_USED_AT)));
    }

    @Override
    public void touch(long tokenId) {
        sql.update(Tokens.TABLE)
                .set(Tokens.LAST_USED_AT, now)
                .where(Tokens.ID.eq(tokenId))
                .execute();
    }

    @Override
    public void audit(String actor, String action, String channel, String subject, String detail) {
        sql.insertInto(Audit.TABLE)
                .columns(Audit.AT, Audit.ACTOR, Audit.ACTION, Audit.CHANNEL, Audit.SUBJECT, Audit.DETAIL)
                .values(now, actor, action, channel, subject, detail)
                .execute();
    }

    @Override
    public List<AuditEntry> auditTrail(String channel, Long beforeId, int limit) {
        Condition where = Audit.ID.isNotNull();
        if (channel != null) {
            where = where.and(Audit.CHANNEL.eq(channel));
        }
        if (beforeId != null) {
            where = where.and(Audit.ID.lt(beforeId));
        }
        return sql.select(Audit.ID, Audit.AT, Audit.ACTOR, Audit.ACTION, Audit.CHANNEL, Audit.SUBJECT, Audit.DETAIL)
                .from(Audit.TABLE)
                .where(where)
                .orderBy(Audit.ID.desc())
                .limit(limit)
                .fetch(row -> new AuditEntry(
                        row.get(Audit.ID),
                        row.get(Audit.AT),
                        row.get(Audit.ACTOR),
                        row.get(Audit.ACTION),
                        row.get(Audit.CHANNEL),
                        row.get(Audit.SUBJECT),
                        row.get(Audit.DETAIL)));
    }

    private int revoke(Condition which) {
        return sql.update(Tokens.TABLE)
                .set(Tokens.REVOKED_AT, now)
                .where(which.and(Tokens.REVOKED_AT.isNull()))
                .execute();
    }

    private static HostedChannel channelOf(Record row) {
        String roles = row.get(Channels.ROLES);
        return new HostedChannel(
                row.get(Channels.ID),
                row.get(Channels.NAME),
                roles == null ? null : Json.strings(roles),
                row.get(Channels.CREATED_AT),
                row.get(Channels.DELETED_AT));
    }
}
