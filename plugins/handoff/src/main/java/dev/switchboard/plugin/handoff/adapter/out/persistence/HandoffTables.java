package dev.switchboard.plugin.handoff.adapter.out.persistence;

import static org.jooq.impl.DSL.field;
import static org.jooq.impl.DSL.name;
import static org.jooq.impl.DSL.table;

import java.util.List;

import org.jooq.Field;
import org.jooq.Record;
import org.jooq.Table;
import org.jooq.impl.SQLDataType;

/**
 * The tables of {@code V1__create_handoff_tables.sql} as jOOQ names (no code generation; see the package comment).
 * Fields are qualified with their table, so the few queries that touch two tables stay unambiguous.
 */
final class HandoffTables {

    private HandoffTables() {}

    /** {@code handoff_project}. */
    static final class Projects {
        static final Table<Record> TABLE = table(name("handoff_project"));
        static final Field<String> KEY = text("project_key");
        static final Field<String> DISPLAY_NAME = text("display_name");
        static final Field<Long> LATEST = number("latest_sequence");
        static final Field<String> CREATED_AT = text("created_at");
        static final Field<String> REGISTERED_BY = text("registered_by");

        private static Field<String> text(String column) {
            return field(name("handoff_project", column), SQLDataType.VARCHAR);
        }

        private static Field<Long> number(String column) {
            return field(name("handoff_project", column), SQLDataType.BIGINT);
        }

        private Projects() {}
    }

    /** {@code handoff_record}. */
    static final class Records {
        static final Table<Record> TABLE = table(name("handoff_record"));
        static final Field<String> ID = text("handoff_id");
        static final Field<String> PROJECT = text("project_key");
        static final Field<Long> SEQUENCE = number("sequence");
        static final Field<String> TITLE = text("title");
        static final Field<String> SUMMARY = text("summary");
        static final Field<String> CONTENT = text("content");
        static final Field<String> KIND = text("kind");
        static final Field<String> TAGS = text("tags");
        static final Field<String> SOURCE = text("source");
        static final Field<String> SOURCE_REFERENCE = text("source_reference");
        static final Field<String> IMPORTANCE = text("importance");
        static final Field<String> SENSITIVITY = text("sensitivity");
        static final Field<String> SUGGESTED_TARGETS = text("suggested_targets");
        static final Field<String> IDEMPOTENCY_KEY = text("idempotency_key");
        static final Field<String> FINGERPRINT = text("payload_fingerprint");
        static final Field<String> CHECKSUM = text("checksum");
        static final Field<Long> SENSITIVE_OVERRIDE = number("sensitive_override");
        static final Field<String> OVERRIDE_RULES = text("override_rules");
        static final Field<String> PUBLISHED_BY = text("published_by");
        static final Field<String> COMMITTED_AT = text("committed_at");

        /**
         * Every column, in the schema's order: what a publish writes (in this order) and what a whole handoff is read
         * with.
         */
        static final List<Field<?>> COLUMNS = List.of(
                ID,
                PROJECT,
                SEQUENCE,
                TITLE,
                SUMMARY,
                CONTENT,
                KIND,
                TAGS,
                SOURCE,
                SOURCE_REFERENCE,
                IMPORTANCE,
                SENSITIVITY,
                SUGGESTED_TARGETS,
                IDEMPOTENCY_KEY,
                FINGERPRINT,
                CHECKSUM,
                SENSITIVE_OVERRIDE,
                OVERRIDE_RULES,
                PUBLISHED_BY,
                COMMITTED_AT);

        private static Field<String> text(String column) {
            return field(name("handoff_record", column), SQLDataType.VARCHAR);
        }

        private static Field<Long> number(String column) {
            return field(name("handoff_record", column), SQLDataType.BIGINT);
        }

        private Records() {}
    }

    /** {@code handoff_cursor}. */
    static final class Cursors {
        static final Table<Record> TABLE = table(name("handoff_cursor"));
        static final Field<String> PROJECT = field(name("handoff_cursor", "project_key"), SQLDataType.VARCHAR);
        static final Field<String> CONSUMER = field(name("handoff_cursor", "consumer"), SQLDataType.VARCHAR);
        static final Field<Long> THROUGH = field(name("handoff_cursor", "through_sequence"), SQLDataType.BIGINT);
        static final Field<String> UPDATED_AT = field(name("handoff_cursor", "updated_at"), SQLDataType.VARCHAR);

        private Cursors() {}
    }

    /** {@code handoff_cursor_ahead}. */
    static final class Ahead {
        static final Table<Record> TABLE = table(name("handoff_cursor_ahead"));
        static final Field<String> PROJECT = field(name("handoff_cursor_ahead", "project_key"), SQLDataType.VARCHAR);
        static final Field<String> CONSUMER = field(name("handoff_cursor_ahead", "consumer"), SQLDataType.VARCHAR);
        static final Field<Long> SEQUENCE = field(name("handoff_cursor_ahead", "sequence"), SQLDataType.BIGINT);

        private Ahead() {}
    }

    /** {@code handoff_route}. */
    static final class Routes {
        static final Table<Record> TABLE = table(name("handoff_route"));
        static final Field<Long> ID = field(name("handoff_route", "route_id"), SQLDataType.BIGINT);
        static final Field<String> HANDOFF = field(name("handoff_route", "handoff_id"), SQLDataType.VARCHAR);
        static final Field<String> TARGET = field(name("handoff_route", "target"), SQLDataType.VARCHAR);
        static final Field<String> RATIONALE = field(name("handoff_route", "rationale"), SQLDataType.VARCHAR);
        static final Field<String> ROUTED_BY = field(name("handoff_route", "routed_by"), SQLDataType.VARCHAR);
        static final Field<String> ROUTED_AT = field(name("handoff_route", "routed_at"), SQLDataType.VARCHAR);

        private Routes() {}
    }

    /** {@code handoff_applied}. */
    static final class AppliedRows {
        static final Table<Record> TABLE = table(name("handoff_applied"));
        static final Field<Long> ID = field(name("handoff_applied", "applied_id"), SQLDataType.BIGINT);
        static final Field<String> HANDOFF = field(name("handoff_applied", "handoff_id"), SQLDataType.VARCHAR);
        static final Field<String> APPLIED_BY = field(name("handoff_applied", "applied_by"), SQLDataType.VARCHAR);
        static final Field<String> REPOSITORY = field(name("handoff_applied", "repository"), SQLDataType.VARCHAR);
        static final Field<String> COMMIT_REF = field(name("handoff_applied", "commit_ref"), SQLDataType.VARCHAR);
        static final Field<String> PATHS = field(name("handoff_applied", "paths"), SQLDataType.VARCHAR);
        static final Field<String> APPLIED_AT = field(name("handoff_applied", "applied_at"), SQLDataType.VARCHAR);

        private AppliedRows() {}
    }
}
