package dev.switchboard.plugin.workspace.adapter.out.persistence;

import static org.jooq.impl.DSL.count;
import static org.jooq.impl.DSL.field;
import static org.jooq.impl.DSL.min;
import static org.jooq.impl.DSL.name;
import static org.jooq.impl.DSL.noCondition;
import static org.jooq.impl.DSL.select;
import static org.jooq.impl.DSL.table;

import java.sql.Connection;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

import jakarta.inject.Inject;

import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.SQLDialect;
import org.jooq.Table;
import org.jooq.conf.Settings;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;

import dev.switchboard.plugin.workspace.application.port.out.Receipt;
import dev.switchboard.plugin.workspace.application.port.out.ReceiptCensus;
import dev.switchboard.plugin.workspace.application.port.out.ReceiptFacts;
import dev.switchboard.plugin.workspace.application.port.out.ReceiptStore;
import dev.switchboard.plugin.workspace.domain.CanonicalJson;
import dev.switchboard.plugin.workspace.domain.Code;
import dev.switchboard.plugin.workspace.domain.WorkspaceException;
import dev.switchboard.ports.storage.SqlStorage;
import dev.switchboard.ports.storage.StorageBusyException;

/**
 * {@link ReceiptStore} on the {@code workspace_receipt} table. The claim is an {@code INSERT ... ON CONFLICT DO
 * NOTHING} inside one storage transaction, so two calls (or two server processes) with the same key never both
 * dispatch; the storage adapter commits it durably before the call runs. Thread-safe.
 */
public final class JooqReceiptStore implements ReceiptStore {

    private static final Settings SETTINGS =
            new Settings().withExecuteLogging(false).withRenderSchema(false);
    // Columns are typed with SQLDataType constants, never DSL.field(name, Class): jOOQ's SQLDataType and
    // DefaultDataType initialise each other, and touching DefaultDataType first (as a Class-typed field does) leaves
    // its type registry incomplete on this thread ("String is not supported in dialect DEFAULT") and deadlocks
    // against another plugin's thread that is initialising SQLDataType at the same moment (seen at start-up with the
    // handoff plugin's resource prefetch).
    private static final Table<Record> RECEIPT = table(name("workspace_receipt"));
    private static final Field<String> ID = field(name("receipt_id"), SQLDataType.VARCHAR);
    private static final Field<String> WORKSPACE = field(name("workspace_id"), SQLDataType.VARCHAR);
    private static final Field<String> FINGERPRINT = field(name("fingerprint"), SQLDataType.VARCHAR);
    private static final Field<String> TOOL = field(name("tool"), SQLDataType.VARCHAR);
    private static final Field<String> STATUS = field(name("status"), SQLDataType.VARCHAR);
    private static final Field<String> CWD = field(name("cwd"), SQLDataType.VARCHAR);
    private static final Field<String> PATHS = field(name("changed_paths"), SQLDataType.VARCHAR);
    private static final Field<String> REVISION = field(name("revision"), SQLDataType.VARCHAR);
    private static final Field<String> CODE = field(name("code"), SQLDataType.VARCHAR);
    private static final Field<Integer> EXIT = field(name("exit_code"), SQLDataType.INTEGER);
    private static final Field<String> OUTPUT = field(name("full_output_path"), SQLDataType.VARCHAR);
    private static final Field<String> ORPHANS = field(name("orphans_killed"), SQLDataType.VARCHAR);
    private static final Field<String> CREATED = field(name("created_at"), SQLDataType.VARCHAR);
    private static final Field<String> UPDATED = field(name("updated_at"), SQLDataType.VARCHAR);

    /** Ids looked up per statement, well below SQLite's limit on bound parameters. */
    private static final int LOOKUP_BATCH = 500;

    private final SqlStorage storage;

    /** Built with the plugin's extensions; touches nothing of the storage until used. */
    @Inject
    JooqReceiptStore(SqlStorage storage) {
        this.storage = storage;
    }

    /** @return jOOQ on a connection of the storage, in the storage's dialect */
    private DSLContext jooq(Connection connection) {
        return DSL.using(connection, SQLDialect.valueOf(storage.dialect().jooqName()), SETTINGS);
    }

    @Override
    public Optional<Receipt> claim(Receipt receipt) {
        String now = Instant.now().toString();
        return busyAsUnavailable(() -> storage.transaction(connection -> {
            DSLContext sql = jooq(connection);
            int inserted = sql.insertInto(RECEIPT)
                    .set(ID, receipt.id())
                    .set(WORKSPACE, receipt.workspaceId())
                    .set(FINGERPRINT, receipt.fingerprint())
                    .set(TOOL, receipt.tool())
                    .set(STATUS, "started")
                    .set(CREATED, now)
                    .set(UPDATED, now)
                    .onConflictDoNothing()
                    .execute();
            if (inserted == 1) {
                return Optional.empty();
            }
            Record row = sql.select().from(RECEIPT).where(ID.eq(receipt.id())).fetchOne();
            return Optional.of(toReceipt(row));
        }));
    }

    @Override
    public void finish(String id, String status, ReceiptFacts facts) {
        busyAsUnavailable(() -> storage.transaction(connection -> jooq(connection)
                .update(RECEIPT)
                .set(STATUS, status)
                .set(CWD, facts.cwd())
                .set(PATHS, CanonicalJson.of(facts.changedPaths()))
                .set(REVISION, facts.revision())
                .set(CODE, facts.code())
                .set(EXIT, facts.exitCode())
                .set(OUTPUT, facts.fullOutputPath())
                .set(UPDATED, Instant.now().toString())
                .where(ID.eq(id))
                .execute()));
    }

    @Override
    public void release(String id) {
        busyAsUnavailable(() -> storage.transaction(connection -> jooq(connection)
                .deleteFrom(RECEIPT)
                .where(ID.eq(id))
                .and(STATUS.eq("started"))
                .execute()));
    }

    /** The storage's "busy, retryable" failure as the workspace's {@link Code#UNAVAILABLE} refusal. */
    private static <T> T busyAsUnavailable(Supplier<T> work) {
        try {
            return work.get();
        } catch (StorageBusyException e) {
            throw new WorkspaceException(
                    Code.UNAVAILABLE,
                    "the workspace's receipt database is busy or unreachable; retry in a moment",
                    Map.of("retryable", true));
        }
    }

    @Override
    public int prune(Instant olderThan, long keep, Set<String> live) {
        Condition notLive = live.isEmpty() ? noCondition() : ID.notIn(live);
        return busyAsUnavailable(() -> storage.transaction(connection -> {
            DSLContext sql = jooq(connection);
            return sql.deleteFrom(RECEIPT)
                    .where(notLive)
                    .and(UPDATED.lt(olderThan.toString())
                            .or(ID.notIn(select(ID)
                                    .from(RECEIPT)
                                    .orderBy(UPDATED.desc(), ID.desc())
                                    .limit(keep))))
                    .execute();
        }));
    }

    @Override
    public boolean recordOrphansKilled(String id, String note) {
        return busyAsUnavailable(() -> storage.transaction(connection -> jooq(connection)
                        .update(RECEIPT)
                        .set(STATUS, "failed")
                        .set(CODE, "COMMAND_CANCELLED")
                        .set(ORPHANS, note)
                        .set(UPDATED, Instant.now().toString())
                        .where(ID.eq(id))
                        .and(STATUS.eq("started"))
                        .execute()))
                == 1;
    }

    @Override
    public Set<String> existing(Collection<String> ids) {
        List<String> all = List.copyOf(ids);
        Set<String> found = new HashSet<>();
        for (int from = 0; from < all.size(); from += LOOKUP_BATCH) {
            List<String> batch = all.subList(from, Math.min(all.size(), from + LOOKUP_BATCH));
            found.addAll(busyAsUnavailable(() -> storage.transaction(connection -> jooq(connection)
                    .select(ID)
                    .from(RECEIPT)
                    .where(ID.in(batch))
                    .fetch(ID))));
        }
        return found;
    }

    @Override
    public ReceiptCensus census() {
        Record row = busyAsUnavailable(() -> storage.transaction(connection ->
                jooq(connection).select(count(), min(UPDATED)).from(RECEIPT).fetchOne()));
        String oldest = row.get(1, String.class);
        return new ReceiptCensus(
                row.get(0, Long.class),
                oldest == null ? null : Instant.parse(oldest),
                storage.location() + ", table workspace_receipt");
    }

    private static Receipt toReceipt(Record row) {
        ReceiptFacts facts = new ReceiptFacts(
                row.get(CWD), paths(row.get(PATHS)), row.get(REVISION), row.get(CODE), row.get(EXIT), row.get(OUTPUT));
        return new Receipt(
                row.get(ID),
                row.get(WORKSPACE),
                row.get(FINGERPRINT),
                row.get(TOOL),
                row.get(STATUS),
                facts,
                row.get(UPDATED),
                row.get(ORPHANS));
    }

    /** Reads the JSON array of strings that {@link CanonicalJson} wrote (paths never hold a NUL or a newline). */
    private static List<String> paths(String json) {
        List<String> out = new ArrayList<>();
        if (json == null || json.equals("[]")) {
            return out;
        }
        StringBuilder current = new StringBuilder();
        boolean inString = false;
        for (int i = 1; i < json.length() - 1; i++) {
            char c = json.charAt(i);
            if (c == '\\' && inString) {
                char next = json.charAt(++i);
                current.append(
                        switch (next) {
                            case 'n' -> '\n';
                            case 'r' -> '\r';
                            case 't' -> '\t';
                            case 'u' -> (char) Integer.parseInt(json.substring(i + 1, i + 5), 16);
                            default -> next;
                        });
                if (next == 'u') {
                    i += 4;
                }
            } else if (c == '"') {
                if (inString) {
                    out.add(current.toString());
                    current.setLength(0);
                }
                inString = !inString;
            } else if (inString) {
                current.append(c);
            }
        }
        return out;
    }
}
