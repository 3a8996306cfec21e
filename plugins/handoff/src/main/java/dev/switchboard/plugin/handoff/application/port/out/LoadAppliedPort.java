package dev.switchboard.plugin.handoff.application.port.out;

import java.util.List;

import dev.switchboard.plugin.handoff.domain.Applied;
import dev.switchboard.plugin.handoff.domain.AppliedEntry;
import dev.switchboard.plugin.handoff.domain.HandoffId;
import dev.switchboard.plugin.handoff.domain.ProjectKey;

/** Reads applied provenance. */
public interface LoadAppliedPort {

    /**
     * @param handoff a handoff
     * @return its provenance records, oldest first
     */
    List<Applied> applied(HandoffId handoff);

    /**
     * @param project a registered project
     * @param limit   how many at most
     * @return the project's most recent provenance records, newest first
     */
    List<AppliedEntry> recent(ProjectKey project, int limit);

    /**
     * @param project a registered project
     * @return how many provenance records its handoffs have
     */
    long count(ProjectKey project);
}
