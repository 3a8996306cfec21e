package dev.switchboard.plugin.mailbox.hook.application;

import java.util.Optional;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.hook.application.port.out.HookFailure;
import dev.switchboard.plugin.mailbox.hook.application.port.out.SnapshotStore;
import dev.switchboard.plugin.mailbox.hook.domain.StopDecision;

/**
 * One run of the stop hook: the counts (local or remote, {@link CountsLookup}), the chain's snapshot, the decision
 * ({@link StopDecision}), the snapshot kept. Never throws: every failure passes, an unreachable server silently and
 * anything else with a warning. Thread-safe for distinct roles.
 */
@Singleton
public final class StopHook {

    /**
     * What to do.
     *
     * @param block   the reason to block with, or empty to let the session stop
     * @param warning a line for standard error, or empty
     */
    public record Result(Optional<String> block, Optional<String> warning) {}

    private final CountsLookup lookup;
    private final SnapshotStore snapshots;

    @Inject
    public StopHook(CountsLookup lookup, SnapshotStore snapshots) {
        this.lookup = lookup;
        this.snapshots = snapshots;
    }

    /**
     * @param retry the hook input's {@code stop_hook_active}
     * @return the decision
     */
    public Result run(boolean retry) {
        CountsLookup.Found found;
        try {
            found = lookup.lookup(Optional.empty());
        } catch (HookFailure e) {
            return new Result(
                    Optional.empty(),
                    e.kind() == HookFailure.Kind.UNREACHABLE ? Optional.empty() : Optional.of(e.getMessage()));
        }
        StopDecision.Verdict verdict = StopDecision.decide(retry, found.counts(), snapshots.load(found.snapshotKey()));
        Optional<String> warning = Optional.empty();
        try {
            snapshots.store(found.snapshotKey(), verdict.snapshot());
        } catch (RuntimeException e) {
            warning = Optional.of(e.getMessage());
        }
        return new Result(verdict.block(), warning);
    }
}
