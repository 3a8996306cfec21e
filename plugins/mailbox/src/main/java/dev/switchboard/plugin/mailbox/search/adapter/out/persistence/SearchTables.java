package dev.switchboard.plugin.mailbox.search.adapter.out.persistence;

import static org.jooq.impl.DSL.field;
import static org.jooq.impl.DSL.name;
import static org.jooq.impl.DSL.table;

import org.jooq.Field;
import org.jooq.Record;
import org.jooq.Table;
import org.jooq.impl.SQLDataType;

/** The columns search reads, as jOOQ names (no code generation), qualified with their table. */
final class SearchTables {

    private SearchTables() {}

    /** {@code mailbox_message}. */
    static final class Messages {
        static final Table<Record> TABLE = table(name("mailbox_message"));
        static final Field<Long> CHANNEL = number("channel_id");
        static final Field<Long> ID = number("id");
        static final Field<String> FROM = text("from_role");
        static final Field<String> TOPIC = text("topic");
        static final Field<String> BODY = text("body");
        static final Field<String> KIND = text("kind");
        static final Field<String> STATUS = text("status");
        static final Field<String> DELETED_AT = text("deleted_at");

        private static Field<String> text(String column) {
            return field(name("mailbox_message", column), SQLDataType.VARCHAR);
        }

        private static Field<Long> number(String column) {
            return field(name("mailbox_message", column), SQLDataType.BIGINT);
        }

        private Messages() {}
    }

    /** {@code mailbox_recipient}. */
    static final class Recipients {
        static final Table<Record> TABLE = table(name("mailbox_recipient"));
        static final Field<Long> CHANNEL = field(name("mailbox_recipient", "channel_id"), SQLDataType.BIGINT);
        static final Field<Long> MESSAGE = field(name("mailbox_recipient", "message_id"), SQLDataType.BIGINT);
        static final Field<String> TO = field(name("mailbox_recipient", "to_role"), SQLDataType.VARCHAR);

        private Recipients() {}
    }
}
