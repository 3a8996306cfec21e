package dev.switchboard.plugin.handoff.adapter.out.persistence;

import java.time.Instant;
import java.util.List;

import jakarta.inject.Inject;

import dev.switchboard.plugin.handoff.application.port.out.AdvanceCursorPort;
import dev.switchboard.plugin.handoff.application.port.out.LoadCursorsPort;
import dev.switchboard.plugin.handoff.domain.Cursor;
import dev.switchboard.plugin.handoff.domain.CursorMove;
import dev.switchboard.plugin.handoff.domain.ProjectKey;
import dev.switchboard.plugin.handoff.domain.Sequence;

/**
 * Consumer cursors in {@code handoff_cursor} and {@code handoff_cursor_ahead}; a move publishes
 * {@code HandoffProgress.TOPIC} in its transaction. Thread-safe.
 */
public final class JooqCursorRepository implements LoadCursorsPort, AdvanceCursorPort {

    private final Database db;
    private final ProgressSignal progress;

    @Inject
    JooqCursorRepository(Database db, ProgressSignal progress) {
        this.db = db;
        this.progress = progress;
    }

    @Override
    public List<Cursor> cursors(ProjectKey project) {
        return db.read(sql -> CursorRows.loadAll(sql, project.value()));
    }

    @Override
    public CursorMove advance(ProjectKey project, String consumer, Sequence target, Instant now) {
        return db.write(sql -> {
            // lock the project first: two moves of one cursor from two nodes must not both start from the same row
            Sequence latest = Sequence.of(
                    ProjectLockSql.latestLocked(sql, project.value()).orElseThrow());
            Cursor cursor = CursorRows.load(sql, project.value(), consumer);
            CursorMove move = cursor.advanceTo(target, latest, now);
            if (move.kind() == CursorMove.Kind.ADVANCED) {
                CursorRows.save(sql, project.value(), move.after());
                progress.publish(sql);
            }
            return move;
        });
    }
}
