package dev.switchboard.plugin.handoff.adapter.out.persistence;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jooq.DSLContext;
import org.jooq.Record;

import dev.switchboard.plugin.handoff.adapter.out.persistence.HandoffTables.Ahead;
import dev.switchboard.plugin.handoff.adapter.out.persistence.HandoffTables.Cursors;
import dev.switchboard.plugin.handoff.domain.Cursor;
import dev.switchboard.plugin.handoff.domain.Sequence;

/** Reads and writes cursors with their handled-ahead sequences, inside a caller's transaction. */
final class CursorRows {

    private CursorRows() {}

    /** @return the consumer's cursor under a stored project key, or a fresh one at 0 */
    static Cursor load(DSLContext sql, String projectKey, String consumer) {
        Record row = sql.select(Cursors.CONSUMER, Cursors.THROUGH, Cursors.UPDATED_AT)
                .from(Cursors.TABLE)
                .where(Cursors.PROJECT.eq(projectKey))
                .and(Cursors.CONSUMER.eq(consumer))
                .fetchOne();
        if (row == null) {
            return Cursor.start(consumer);
        }
        List<Sequence> ahead = sql
                .select(Ahead.SEQUENCE)
                .from(Ahead.TABLE)
                .where(Ahead.PROJECT.eq(projectKey))
                .and(Ahead.CONSUMER.eq(consumer))
                .orderBy(Ahead.SEQUENCE)
                .fetch(Ahead.SEQUENCE)
                .stream()
                .map(Sequence::of)
                .toList();
        return cursor(row, ahead);
    }

    /** @return every cursor under a stored project key, by consumer */
    static List<Cursor> loadAll(DSLContext sql, String projectKey) {
        Map<String, List<Sequence>> ahead = new LinkedHashMap<>();
        sql.select(Ahead.CONSUMER, Ahead.SEQUENCE)
                .from(Ahead.TABLE)
                .where(Ahead.PROJECT.eq(projectKey))
                .orderBy(Ahead.CONSUMER, Ahead.SEQUENCE)
                .forEach(row -> ahead.computeIfAbsent(row.get(Ahead.CONSUMER), c -> new ArrayList<>())
                        .add(Sequence.of(row.get(Ahead.SEQUENCE))));
        return sql
                .select(Cursors.CONSUMER, Cursors.THROUGH, Cursors.UPDATED_AT)
                .from(Cursors.TABLE)
                .where(Cursors.PROJECT.eq(projectKey))
                .orderBy(Cursors.CONSUMER)
                .fetch()
                .stream()
                .map(row -> cursor(row, ahead.getOrDefault(row.get(Cursors.CONSUMER), List.of())))
                .toList();
    }

    /** Stores a cursor (creating or replacing its row) and replaces its handled-ahead sequences. */
    static void save(DSLContext sql, String projectKey, Cursor cursor) {
        String updatedAt = Times.format(cursor.updatedAt());
        int updated = sql.update(Cursors.TABLE)
                .set(Cursors.THROUGH, cursor.through().value())
                .set(Cursors.UPDATED_AT, updatedAt)
                .where(Cursors.PROJECT.eq(projectKey))
                .and(Cursors.CONSUMER.eq(cursor.consumer()))
                .execute();
        if (updated == 0) {
            sql.insertInto(Cursors.TABLE)
                    .set(Cursors.PROJECT, projectKey)
                    .set(Cursors.CONSUMER, cursor.consumer())
                    .set(Cursors.THROUGH, cursor.through().value())
                    .set(Cursors.UPDATED_AT, updatedAt)
                    .execute();
        }
        sql.deleteFrom(Ahead.TABLE)
                .where(Ahead.PROJECT.eq(projectKey))
                .and(Ahead.CONSUMER.eq(cursor.consumer()))
                .execute();
        for (Sequence ahead : cursor.handledAhead()) {
            sql.insertInto(Ahead.TABLE)
                    .set(Ahead.PROJECT, projectKey)
                    .set(Ahead.CONSUMER, cursor.consumer())
                    .set(Ahead.SEQUENCE, ahead.value())
                    .execute();
        }
    }

    private static Cursor cursor(Record row, List<Sequence> ahead) {
        return new Cursor(
                row.get(Cursors.CONSUMER),
                Sequence.of(row.get(Cursors.THROUGH)),
                ahead,
                Times.parse(row.get(Cursors.UPDATED_AT)));
    }
}
