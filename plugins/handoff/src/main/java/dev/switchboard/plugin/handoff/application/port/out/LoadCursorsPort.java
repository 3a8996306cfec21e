package dev.switchboard.plugin.handoff.application.port.out;

import java.util.List;

import dev.switchboard.plugin.handoff.domain.Cursor;
import dev.switchboard.plugin.handoff.domain.ProjectKey;

/** Reads consumer cursors. */
public interface LoadCursorsPort {

    /**
     * @param project a registered project
     * @return the cursor of every consumer that ever moved in it, ordered by consumer
     */
    List<Cursor> cursors(ProjectKey project);
}
