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

/** Consumer cursors in {@code handoff_cursor} and {@code handoff_cursor_ahead}. Thread-safe. */
public final class JooqCursorRepository implements LoadCursorsPort, AdvanceCursorPort {

    private final Database db;

    @Inject
    JooqCursorRepository(Database db) {
        this.db = db;
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
            }
            return move;
        });
    }
}
