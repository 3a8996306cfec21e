package dev.switchboard.plugin.handoff.application;

import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import jakarta.inject.Inject;

import dev.switchboard.plugin.handoff.application.port.out.LoadAppliedPort;
import dev.switchboard.plugin.handoff.application.port.out.RecordAppliedPort;
import dev.switchboard.plugin.handoff.domain.Applied;
import dev.switchboard.plugin.handoff.domain.HandoffId;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.StorableText;

/**
 * Records immutable provenance that a handoff was integrated into a repository, after the integration really
 * happened. It writes no repository file. An identical record given again adds nothing.
 */
public final class MarkApplied {

    /**
     * The provenance after the call. Immutable.
     *
     * @param handoffId the handoff
     * @param recorded  whether this call added a record
     * @param applied   all its records, oldest first
     */
    public record Marking(HandoffId handoffId, boolean recorded, List<Applied> applied) {
        /** @throws NullPointerException if a component is null */
        public Marking {
            Objects.requireNonNull(handoffId, "handoffId");
            applied = List.copyOf(applied);
        }
    }

    private final HandoffLookup lookup;
    private final RecordAppliedPort record;
    private final LoadAppliedPort load;
    private final Clock clock;

    @Inject
    MarkApplied(HandoffLookup lookup, RecordAppliedPort record, LoadAppliedPort load, Clock clock) {
        this.lookup = lookup;
        this.record = record;
        this.load = load;
        this.clock = clock;
    }

    /**
     * @param project    a project name
     * @param handoffId  the handoff
     * @param appliedBy  who integrated it
     * @param repository where
     * @param commitRef  the commit holding it
     * @param paths      the files it went into
     * @return the marking, or PROJECT_UNKNOWN, PROJECT_AMBIGUOUS, INVALID_ARGUMENTS or HANDOFF_NOT_FOUND
     */
    public Outcome<Marking> mark(
            String project,
            String handoffId,
            String appliedBy,
            String repository,
            String commitRef,
            List<String> paths) {
        Map<String, Object> stored = new LinkedHashMap<>();
        stored.put("applied_by", appliedBy);
        stored.put("repository", repository);
        stored.put("commit_ref", commitRef);
        stored.put("paths", paths);
        return StorableText.check(stored)
                .then(ok -> lookup.find(project, handoffId))
                .then(handoff -> {
                    HandoffId id = handoff.receipt().handoffId();
                    boolean recorded =
                            record.record(id, new Applied(appliedBy, repository, commitRef, paths, clock.instant()));
                    return Outcome.done(new Marking(id, recorded, load.applied(id)));
                });
    }
}
