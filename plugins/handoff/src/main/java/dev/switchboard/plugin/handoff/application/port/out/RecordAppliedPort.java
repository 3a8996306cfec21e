package dev.switchboard.plugin.handoff.application.port.out;

import dev.switchboard.plugin.handoff.domain.Applied;
import dev.switchboard.plugin.handoff.domain.HandoffId;

/** Records applied provenance. Records are immutable: no port changes or deletes one. */
public interface RecordAppliedPort {

    /**
     * @param handoff an existing handoff
     * @param applied the provenance
     * @return true when recorded, false when an identical record (same applier, repository, commit and paths) exists
     */
    boolean record(HandoffId handoff, Applied applied);
}
