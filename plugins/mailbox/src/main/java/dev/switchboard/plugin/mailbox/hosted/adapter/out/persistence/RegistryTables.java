package dev.switchboard.plugin.mailbox.hosted.adapter.out.persistence;

import static org.jooq.impl.DSL.field;
import static org.jooq.impl.DSL.name;
import static org.jooq.impl.DSL.table;

import org.jooq.Field;
import org.jooq.Record;
import org.jooq.Table;
import org.jooq.impl.SQLDataType;

/** The registry's tables of {@code V3__hosted_registry.sql} and {@code V4__board_sessions.sql} and {@code V6__board_owner_sessions.sql}, and the columns of {@code mailbox_channel} it uses. */
final class RegistryTables {

    private RegistryTables() {}

    /** {@code mailbox_channel}. */
    static final class Channels {
        static final Table<Record> TABLE = table(name("mailbox_channel"));
        static final Field<Long> ID = field(name("mailbox_channel", "channel_id"), SQLDataType.BIGINT);
        static final Field<String> NAME = field(name("mailbox_channel", "name"), SQLDataType.VARCHAR);
        static final Field<String> ROLES = field(name("mailbox_channel", "roles"), SQLDataType.VARCHAR);
        static final Field<String> CREATED_AT = field(name("mailbox_channel", "created_at"), SQLDataType.VARCHAR);
        static final Field<String> DELETED_AT = field(name("mailbox_channel", "deleted_at"), SQLDataType.VARCHAR);

        private Channels() {}
    }

    /** {@code mailbox_token}. */
    static final class Tokens {
        static final Table<Record> TABLE = table(name("mailbox_token"));
        static final Field<Long> ID = number("token_id");
        static final Field<String> HASH = text("token_hash");
        static final Field<String> KIND = text("kind");
        static final Field<Long> CHANNEL_ID = number("channel_id");
        static final Field<String> ROLE = text("role");
        static final Field<String> CREATED_AT = text("created_at");
        static final Field<String> REVOKED_AT = text("revoked_at");
        static final Field<String> EXPIRES_AT = text("expires_at");
        static final Field<String> ISSUED_BY = text("issued_by");
        static final Field<Long> ISSUED_BY_TOKEN = number("issued_by_token");
        static final Field<String> LAST_USED_AT = text("last_used_at");

        private static Field<String> text(String column) {
            return field(name("mailbox_token", column), SQLDataType.VARCHAR);
        }

        private static Field<Long> number(String column) {
            return field(name("mailbox_token", column), SQLDataType.BIGINT);
        }

        private Tokens() {}
    }

    /** {@code mailbox_board_nonce}. */
    static final class Nonces {
        static final Table<Record> TABLE = table(name("mailbox_board_nonce"));
        static final Field<String> HASH = field(name("nonce_hash"), SQLDataType.VARCHAR);
        static final Field<Long> TOKEN_ID = field(name("token_id"), SQLDataType.BIGINT);
        static final Field<String> EXPIRES_AT = field(name("expires_at"), SQLDataType.VARCHAR);
        static final Field<String> USED_AT = field(name("used_at"), SQLDataType.VARCHAR);

        private Nonces() {}
    }

    /**
     * The columns every table of hashed, expiring rows has (a board session, an owner nonce, an owner session), for the
     * statements {@link JooqRegistryTx} runs on any of them alike.
     *
     * @param table     the table
     * @param hash      the row's key: a secret's hash
     * @param createdAt when the row was written (the transaction's clock, ISO-8601 text)
     * @param expiresAt when it stops counting (ISO-8601 text, compared as text)
     */
    record Expiring(Table<Record> table, Field<String> hash, Field<String> createdAt, Field<String> expiresAt) {}

    /** {@code mailbox_board_session} (V4). */
    static final class Sessions {
        static final Table<Record> TABLE = table(name("mailbox_board_session"));
        static final Field<String> HASH = field(name("session_hash"), SQLDataType.VARCHAR);
        static final Field<Long> TOKEN_ID = field(name("token_id"), SQLDataType.BIGINT);
        static final Field<String> CREATED_AT = field(name("created_at"), SQLDataType.VARCHAR);
        static final Field<String> EXPIRES_AT = field(name("expires_at"), SQLDataType.VARCHAR);
        static final Expiring ROWS = new Expiring(TABLE, HASH, CREATED_AT, EXPIRES_AT);

        private Sessions() {}
    }

    /** {@code mailbox_board_owner_nonce} (V6). */
    static final class OwnerNonces {
        static final Table<Record> TABLE = table(name("mailbox_board_owner_nonce"));
        static final Field<String> HASH = field(name("nonce_hash"), SQLDataType.VARCHAR);
        static final Field<String> CREATED_AT = field(name("created_at"), SQLDataType.VARCHAR);
        static final Field<String> EXPIRES_AT = field(name("expires_at"), SQLDataType.VARCHAR);
        static final Field<String> USED_AT = field(name("used_at"), SQLDataType.VARCHAR);
        static final Expiring ROWS = new Expiring(TABLE, HASH, CREATED_AT, EXPIRES_AT);

        private OwnerNonces() {}
    }

    /** {@code mailbox_board_owner_session} (V6). */
    static final class OwnerSessions {
        static final Table<Record> TABLE = table(name("mailbox_board_owner_session"));
        static final Field<String> HASH = field(name("session_hash"), SQLDataType.VARCHAR);
        static final Field<String> CREATED_AT = field(name("created_at"), SQLDataType.VARCHAR);
        static final Field<String> EXPIRES_AT = field(name("expires_at"), SQLDataType.VARCHAR);
        static final Expiring ROWS = new Expiring(TABLE, HASH, CREATED_AT, EXPIRES_AT);

        private OwnerSessions() {}
    }

    /** {@code mailbox_audit}. */
    static final class Audit {
        static final Table<Record> TABLE = table(name("mailbox_audit"));
        static final Field<Long> ID = field(name("audit_id"), SQLDataType.BIGINT);
        static final Field<String> AT = field(name("at"), SQLDataType.VARCHAR);
        static final Field<String> ACTOR = field(name("actor"), SQLDataType.VARCHAR);
        static final Field<String> ACTION = field(name("action"), SQLDataType.VARCHAR);
        static final Field<String> CHANNEL = field(name("channel"), SQLDataType.VARCHAR);
        static final Field<String> SUBJECT = field(name("subject"), SQLDataType.VARCHAR);
        static final Field<String> DETAIL = field(name("detail"), SQLDataType.VARCHAR);

        private Audit() {}
    }
}
