package dev.switchboard.plugin.mailbox.hook.application;

import java.util.Map;
import java.util.Optional;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.hook.application.port.out.HookFailure;
import dev.switchboard.plugin.mailbox.hook.application.port.out.SnapshotStore;
import dev.switchboard.plugin.mailbox.hook.domain.HookSnapshot;
import dev.switchboard.plugin.mailbox.hook.domain.StopDecision;

/**
 * One run of the stop hook: the counts (local or remote, {@link CountsLookup}), the chain's snapshot, the decision
 * ({@link StopDecision}), the snapshot kept. Never throws: every failure passes, an unreachable server silently and
 * anything else with a warning, except an unknown role or channel ({@code HookFailure.Kind.UNKNOWN}), which blocks once
 * per session with the reason and a warning, then passes. Thread-safe for distinct roles.
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

    /** How the stop hook's one block for an unknown role or channel begins. */
    public static final String UNKNOWN_PREFIX = "the channel's reminders are off for this session: ";

    /** ... and ends. */
    public static final String UNKNOWN_SUFFIX =
            ". Tell the user, who fixes the setting; this is said once per session.";

    private final CountsLookup lookup;
    private final SnapshotStore snapshots;

    @Inject
    public StopHook(CountsLookup lookup, SnapshotStore snapshots) {
        this.lookup = lookup;
        this.snapshots = snapshots;
    }

    /**
     * @param retry the hook input's {@code stop_hook_active}
     * @return the decision, for a session without an id
     */
    public Result run(boolean retry) {
        return run(retry, "");
    }

    /**
     * @param retry   the hook input's {@code stop_hook_active}
     * @param session the hook input's {@code session_id} (empty when absent): an unknown role or channel is said once
     *                per session, role and channel
     * @return the decision
     */
    public Result run(boolean retry, String session) {
        CountsLookup.Found found;
        try {
            found = lookup.lookup(Optional.empty());
        } catch (HookFailure e) {
            if (e.kind() == HookFailure.Kind.UNKNOWN) {
                return unknown(e, session);
            }
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

    /**
     * An unknown role or channel (a typo would otherwise switch the reminders off for good, as zero counts): the first
     * time in this session, block once with the reason (the model reads it) and warn on standard error; afterwards
     * pass silently. The marker is a snapshot under {@code unknown-<channel>-<role>-<8 hex of sha256(session)>} in
     * the snapshots' directory. A marker that cannot be written still says it (it may then be said again).
     */
    private Result unknown(HookFailure failure, String session) {
        String marker = "unknown-" + failure.subject() + "-" + CountsLookup.shortDigest(session);
        if (snapshots.load(marker).isPresent()) {
            return new Result(Optional.empty(), Optional.empty());
        }
        try {
            snapshots.store(marker, Optional.of(new HookSnapshot(Map.of(), 1)));
        } catch (RuntimeException e) {
            // said again at the next stop rather than never
        }
        return new Result(
                Optional.of(UNKNOWN_PREFIX + failure.getMessage() + UNKNOWN_SUFFIX), Optional.of(failure.getMessage()));
    }
}
