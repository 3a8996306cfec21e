package dev.switchboard.plugin.mailbox.hook.domain;

import java.util.Optional;

/**
 * The stop hook's decision table (seed-features §1C.9), without I/O:
 *
 * <ul>
 *   <li>nothing actionable: pass, and the snapshot is cleared;</li>
 *   <li>the first attempt ({@code stop_hook_active} false) with pending items: block naming the non-zero counters,
 *       snapshot {@code {counts, blocks: 1}};</li>
 *   <li>a retry ({@code stop_hook_active} true): block again only if some counter grew since the snapshot and the
 *       chain has blocked fewer than {@value #MAX_BLOCKS} times (snapshot {@code blocks + 1}); otherwise pass, the
 *       snapshot kept. A retry without a snapshot is treated as a first attempt;</li>
 *   <li>the role unknown (no role configured): block the first attempt with a generic reminder, pass the retry.</li>
 * </ul>
 *
 * Beyond the seed: a first attempt whose counters are exactly those of the kept snapshot
 * (the last block, of an earlier chain, or the last {@code hook wake}) passes, the snapshot kept, so the same
 * unchanged set of pending items is never reminded of twice; any change (a counter grew, or one fell: a drain) makes
 * it block again once. The snapshot is cleared when nothing is actionable, as the seed has it.
 *
 * The role's own {@code in_progress} and {@code blocked} tasks are not actionable counters, so they never block.
 * Stateless.
 */
public final class StopDecision {

    /** At most this many blocks per stop chain. */
    public static final int MAX_BLOCKS = 3;

    /** What the blocked session is asked to do. */
    public static final String INSTRUCTION = "Before stopping, call channel_status, then triage: read_inbox for unread"
            + " messages, open_obligations for debts, awaiting_ack for proposals; resolve, answer or mark read what"
            + " you can.";

    /** The reminder when the role is not known. */
    public static final String UNKNOWN_ROLE_REMINDER = "channel status unknown (no mailbox role is configured for this"
            + " hook): if this session has a mailbox role, call channel_status and triage pending items before"
            + " stopping.";

    private StopDecision() {}

    /**
     * One decision.
     *
     * @param block    the reason to print as {@code {"decision":"block","reason":...}}, or empty to pass
     * @param snapshot the snapshot to keep from now on, or empty to clear it
     */
    public record Verdict(Optional<String> block, Optional<HookSnapshot> snapshot) {

        static Verdict pass(Optional<HookSnapshot> keep) {
            return new Verdict(Optional.empty(), keep);
        }
    }

    /**
     * @param retry    the hook input's {@code stop_hook_active}
     * @param counts   the role's counts, or empty when the role is unknown
     * @param previous the snapshot kept from this chain's earlier attempts, if any
     * @return the decision
     */
    public static Verdict decide(boolean retry, Optional<RoleCounts> counts, Optional<HookSnapshot> previous) {
        if (counts.isEmpty()) {
            return retry
                    ? Verdict.pass(Optional.empty())
                    : new Verdict(Optional.of(UNKNOWN_ROLE_REMINDER), Optional.empty());
        }
        RoleCounts now = counts.get();
        if (!now.isActionable()) {
            return Verdict.pass(Optional.empty());
        }
        if (retry && previous.isPresent()) {
            HookSnapshot last = previous.get();
            if (last.blocks() >= MAX_BLOCKS || !last.grewTo(now.counts())) {
                return Verdict.pass(previous);
            }
            return block(now, last.blocks() + 1);
        }
        if (!retry && previous.isPresent() && previous.get().sameAs(now.counts())) {
            return Verdict.pass(previous);
        }
        return block(now, 1);
    }

    private static Verdict block(RoleCounts now, int blocks) {
        String reason = "channel has pending items for '" + now.role() + "': " + now.pendingText() + ". " + INSTRUCTION
                + now.hintsText();
        return new Verdict(Optional.of(reason), Optional.of(new HookSnapshot(now.counts(), blocks)));
    }
}
