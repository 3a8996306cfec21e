package dev.switchboard.plugin.mailbox.channel.adapter.out.persistence;

import static org.jooq.impl.DSL.field;
import static org.jooq.impl.DSL.name;
import static org.jooq.impl.DSL.table;

import java.util.List;

import org.jooq.Field;
import org.jooq.Record;
import org.jooq.Table;
import org.jooq.impl.SQLDataType;

/**
 * The tables of {@code V1__create_mailbox_tables.sql} as jOOQ names (no code generation), for every mailbox
 * persistence adapter. Fields are qualified with their table. A capability adds the tables of its own section here
 * or in its own adapter. Constants only.
 */
public final class MailboxTables {

    private MailboxTables() {}

    /** {@code mailbox_channel}. */
    public static final class Channel {
        public static final Table<Record> TABLE = table(name("mailbox_channel"));
        public static final Field<Long> ID = field(name("mailbox_channel", "channel_id"), SQLDataType.BIGINT);
        public static final Field<String> NAME = field(name("mailbox_channel", "name"), SQLDataType.VARCHAR);
        public static final Field<String> CREATED_AT =
                field(name("mailbox_channel", "created_at"), SQLDataType.VARCHAR);
        public static final Field<String> ROLES = field(name("mailbox_channel", "roles"), SQLDataType.VARCHAR);
        public static final Field<Long> NEXT_MESSAGE_ID =
                field(name("mailbox_channel", "next_message_id"), SQLDataType.BIGINT);

        private Channel() {}
    }

    /** {@code mailbox_message}. */
    public static final class Messages {
        public static final Table<Record> TABLE = table(name("mailbox_message"));
        public static final Field<Long> CHANNEL_ID = number("channel_id");
        public static final Field<Long> ID = number("id");
        public static final Field<String> FROM = text("from_role");
        public static final Field<String> TO = text("to_role");
        public static final Field<String> TOPIC = text("topic");
        public static final Field<String> BODY = text("body");
        public static final Field<Long> BODY_REF = number("body_ref");
        public static final Field<Integer> ACTION_REQUIRED = flag("action_required");
        public static final Field<Long> REPLY_TO = number("reply_to");
        public static final Field<String> CREATED_AT = text("created_at");
        public static final Field<String> STATUS = text("status");
        public static final Field<String> RESOLVED_BY = text("resolved_by");
        public static final Field<String> RESOLVED_AT = text("resolved_at");
        public static final Field<String> RESOLUTION_NOTE = text("resolution_note");
        public static final Field<String> KIND = text("kind");
        public static final Field<String> WORK_STATUS = text("work_status");
        public static final Field<String> DELETED_AT = text("deleted_at");
        public static final Field<String> PIN_KEY = text("pin_key");
        public static final Field<Long> ABOUT = number("about_message_id");
        public static final Field<String> VOTERS = text("voters");
        public static final Field<String> SUPERSEDED_AT = text("superseded_at");
        public static final Field<String> ADDENDA = text("addenda");
        public static final Field<Integer> DECISION_REQUESTED = flag("decision_requested");
        public static final Field<String> REVISED_AT = text("revised_at");

        /** Every column, for a typed select of whole rows. */
        public static final List<Field<?>> ALL = List.of(
                CHANNEL_ID,
                ID,
                FROM,
                TO,
                TOPIC,
                BODY,
                BODY_REF,
                ACTION_REQUIRED,
                REPLY_TO,
                CREATED_AT,
                STATUS,
                RESOLVED_BY,
                RESOLVED_AT,
                RESOLUTION_NOTE,
                KIND,
                WORK_STATUS,
                DELETED_AT,
                PIN_KEY,
                ABOUT,
                VOTERS,
                SUPERSEDED_AT,
                ADDENDA,
                DECISION_REQUESTED,
                REVISED_AT);

        private static Field<String> text(String column) {
            return field(name("mailbox_message", column), SQLDataType.VARCHAR);
        }

        private static Field<Long> number(String column) {
            return field(name("mailbox_message", column), SQLDataType.BIGINT);
        }

        private static Field<Integer> flag(String column) {
            return field(name("mailbox_message", column), SQLDataType.INTEGER);
        }

        private Messages() {}
    }

    /** {@code mailbox_recipient}. */
    public static final class Recipients {
        public static final Table<Record> TABLE = table(name("mailbox_recipient"));
        public static final Field<Long> CHANNEL_ID = field(name("mailbox_recipient", "channel_id"), SQLDataType.BIGINT);
        public static final Field<Long> MESSAGE_ID = field(name("mailbox_recipient", "message_id"), SQLDataType.BIGINT);
        public static final Field<String> ROLE = field(name("mailbox_recipient", "to_role"), SQLDataType.VARCHAR);
        public static final Field<String> READ_AT = field(name("mailbox_recipient", "read_at"), SQLDataType.VARCHAR);
        public static final Field<String> OPENED_AT =
                field(name("mailbox_recipient", "opened_at"), SQLDataType.VARCHAR);

        private Recipients() {}
    }

    /** {@code mailbox_blocker}. */
    public static final class Blockers {
        public static final Table<Record> TABLE = table(name("mailbox_blocker"));
        public static final Field<Long> CHANNEL_ID = field(name("mailbox_blocker", "channel_id"), SQLDataType.BIGINT);
        public static final Field<Long> MESSAGE_ID = field(name("mailbox_blocker", "message_id"), SQLDataType.BIGINT);
        public static final Field<Long> BLOCKER_ID = field(name("mailbox_blocker", "blocker_id"), SQLDataType.BIGINT);

        private Blockers() {}
    }

    /** {@code mailbox_event}. */
    public static final class Events {
        public static final Table<Record> TABLE = table(name("mailbox_event"));
        public static final Field<Long> SEQ = field(name("mailbox_event", "seq"), SQLDataType.BIGINT);
        public static final Field<Long> CHANNEL_ID = field(name("mailbox_event", "channel_id"), SQLDataType.BIGINT);
        public static final Field<Long> MESSAGE_ID = field(name("mailbox_event", "message_id"), SQLDataType.BIGINT);
        public static final Field<String> EVENT = field(name("mailbox_event", "event"), SQLDataType.VARCHAR);
        public static final Field<String> ROLE = field(name("mailbox_event", "role"), SQLDataType.VARCHAR);
        public static final Field<String> NOTE = field(name("mailbox_event", "note"), SQLDataType.VARCHAR);
        public static final Field<String> CREATED_AT = field(name("mailbox_event", "created_at"), SQLDataType.VARCHAR);
        public static final Field<String> PIN_KEYS = field(name("mailbox_event", "pin_keys"), SQLDataType.VARCHAR);

        private Events() {}
    }

    /** {@code mailbox_ack}. */
    public static final class Acks {
        public static final Table<Record> TABLE = table(name("mailbox_ack"));
        public static final Field<Long> CHANNEL_ID = field(name("mailbox_ack", "channel_id"), SQLDataType.BIGINT);
        public static final Field<Long> MESSAGE_ID = field(name("mailbox_ack", "message_id"), SQLDataType.BIGINT);
        public static final Field<String> ROLE = field(name("mailbox_ack", "role"), SQLDataType.VARCHAR);
        public static final Field<String> DECISION = field(name("mailbox_ack", "decision"), SQLDataType.VARCHAR);
        public static final Field<String> CREATED_AT = field(name("mailbox_ack", "created_at"), SQLDataType.VARCHAR);

        private Acks() {}
    }

    /** {@code mailbox_upload}. */
    public static final class Uploads {
        public static final Table<Record> TABLE = table(name("mailbox_upload"));
        public static final Field<Long> CHANNEL_ID = field(name("mailbox_upload", "channel_id"), SQLDataType.BIGINT);
        public static final Field<Long> ID = field(name("mailbox_upload", "id"), SQLDataType.BIGINT);
        public static final Field<String> BODY = field(name("mailbox_upload", "body"), SQLDataType.VARCHAR);
        public static final Field<Integer> SEALED = field(name("mailbox_upload", "sealed"), SQLDataType.INTEGER);
        public static final Field<String> ROLE = field(name("mailbox_upload", "role"), SQLDataType.VARCHAR);

        private Uploads() {}
    }

    /** {@code mailbox_pin}. */
    public static final class Pins {
        public static final Table<Record> TABLE = table(name("mailbox_pin"));
        public static final Field<Long> CHANNEL_ID = field(name("mailbox_pin", "channel_id"), SQLDataType.BIGINT);
        public static final Field<Long> APPROVED_BY = field(name("mailbox_pin", "approved_by"), SQLDataType.BIGINT);

        private Pins() {}
    }

    /** {@code mailbox_role_state}. */
    public static final class RoleState {
        public static final Table<Record> TABLE = table(name("mailbox_role_state"));
        public static final Field<Long> CHANNEL_ID = field(name("channel_id"), SQLDataType.BIGINT);
        public static final Field<String> ROLE = field(name("role"), SQLDataType.VARCHAR);
        public static final Field<String> LAST_SEEN = field(name("last_seen"), SQLDataType.VARCHAR);

        private RoleState() {}
    }

    /** {@code mailbox_receipt}. */
    public static final class Receipt {
        public static final Table<Record> TABLE = table(name("mailbox_receipt"));
        public static final Field<Long> CHANNEL_ID = field(name("mailbox_receipt", "channel_id"), SQLDataType.BIGINT);
        public static final Field<String> ROLE = field(name("mailbox_receipt", "role"), SQLDataType.VARCHAR);
        public static final Field<String> TOOL = field(name("mailbox_receipt", "tool"), SQLDataType.VARCHAR);
        public static final Field<String> KEY = field(name("mailbox_receipt", "request_key"), SQLDataType.VARCHAR);
        public static final Field<String> ARGS = field(name("mailbox_receipt", "args_sha256"), SQLDataType.VARCHAR);
        public static final Field<String> RESULT = field(name("mailbox_receipt", "result"), SQLDataType.VARCHAR);
        public static final Field<String> CREATED_AT =
                field(name("mailbox_receipt", "created_at"), SQLDataType.VARCHAR);

        private Receipt() {}
    }
}
