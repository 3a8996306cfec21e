package dev.switchboard.plugin.handoff.application.port.out;

import java.util.Collection;
import java.util.List;
import java.util.Map;

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
     * @param handoffs handoffs
     * @return per handoff (every one asked is present), its records, oldest first: one read for a page of them
     */
    Map<HandoffId, List<Applied>> applied(Collection<HandoffId> handoffs);

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
