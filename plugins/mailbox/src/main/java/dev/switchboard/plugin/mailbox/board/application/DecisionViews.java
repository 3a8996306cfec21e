package dev.switchboard.plugin.mailbox.board.application;

import java.util.List;
import java.util.Map;

import dev.switchboard.plugin.mailbox.board.application.BoardViews.Pin;

/**
 * The decision pages' contents (ADR 66): a message's life as a debt, a proposal's votes, a pin's versions with what
 * changed. Every text is stored, agent-written text (untrusted): the templates escape it. Immutable records; lists are
 * copied.
 */
public final class DecisionViews {

    private DecisionViews() {}

    /**
     * One event of a message's history ({@code message_history}).
     *
     * @param at    when
     * @param role  who did it
     * @param event the stored event name ({@code resolve}, {@code reopen}, {@code work_status:blocked}, ...)
     * @param what  the event in words ({@code resolved}, {@code reopened}, {@code work status: blocked}, ...)
     * @param note  the note given with it, or null
     */
    public record Step(String at, String role, String event, String what, String note) {}

    /**
     * A message a debt waits on, or one that waits on it.
     *
     * @param id         its id
     * @param topic      its topic, or null when no live message has the id
     * @param from       its author, or null
     * @param state      {@code open}, {@code resolved}, {@code not a debt} or {@code missing or deleted}
     * @param workStatus its work status, or null
     */
    public record Link(long id, String topic, String from, String state, String workStatus) {}

    /**
     * A message's life as a debt.
     *
     * @param channel        the channel
     * @param id             the message
     * @param topic          its topic
     * @param from           who asked
     * @param to             its recipients
     * @param createdAt      when it was sent
     * @param kind           its kind, or null
     * @param body           its body as the board shows it
     * @param debt           whether it is a debt ({@code action_required})
     * @param status         {@code open}, {@code resolved}, or null (not a debt)
     * @param workStatus     its work status, or null
     * @param resolvedBy     who resolved it, or null
     * @param resolvedAt     when, or null
     * @param resolutionNote the resolution's note, or null
     * @param confirmed      whether its author confirmed the latest resolution
     * @param proposal       whether it is a proposal too (its votes have a page of their own)
     * @param waitsOn        what it is blocked by, in the order named
     * @param waitedOnBy     the blocked messages that name it as a blocker, ascending
     * @param addenda        per-recipient additions, by role
     * @param history        every event, oldest first
     */
    public record DebtPage(
            String channel,
            long id,
            String topic,
            String from,
            List<String> to,
            String createdAt,
            String kind,
            String body,
            boolean debt,
            String status,
            String workStatus,
            String resolvedBy,
            String resolvedAt,
            String resolutionNote,
            boolean confirmed,
            boolean proposal,
            List<Link> waitsOn,
            List<Link> waitedOnBy,
            Map<String, String> addenda,
            List<Step> history) {
        /** Copies the collections. */
        public DebtPage {
            to = List.copyOf(to);
            waitsOn = List.copyOf(waitsOn);
            waitedOnBy = List.copyOf(waitedOnBy);
            addenda = Map.copyOf(addenda);
            history = List.copyOf(history);
        }

        /** @return the addenda sorted by role */
        public List<Map.Entry<String, String>> addendaByRole() {
            return new java.util.TreeMap<>(addenda).entrySet().stream().toList();
        }
    }

    /**
     * One vote on a proposal ({@code get_acknowledgements}' {@code acknowledgements}).
     *
     * @param role     who voted
     * @param decision {@code agree}, {@code needs_changes}, {@code void}, ...
     * @param note     its note, or null
     * @param at       when
     * @param stale    whether the proposal was revised after it (a quenched vote: it does not count)
     */
    public record Ballot(String role, String decision, String note, String at, boolean stale) {}

    /**
     * A proposal and its votes.
     *
     * @param channel        the channel
     * @param id             the message
     * @param topic          its topic
     * @param from           its author
     * @param to             its recipients
     * @param createdAt      when it was sent
     * @param revisedAt      its last revision, or null
     * @param body           its body as the board shows it
     * @param pinKey         the pin key it is for, or null
     * @param open           whether it still asks for votes (live, not retired, decision requested)
     * @param agreed         electorate members with a fresh agree
     * @param needed         the electorate's size
     * @param voters         the electorate
     * @param ballots        every vote on record, by role
     * @param stillToVote    the roles whose decision it awaits: the rule {@code awaiting_ack} and
     *                       {@code channel_status} count by
     * @param declaredDeadBy electorate members whose fresh {@code void} closed it
     * @param pinned         whether its pin key has a version (so the pin has a page)
     * @param produced       the pin versions it approved, newest first
     * @param debt           whether it is a debt too (its life has a page of its own)
     * @param history        every event, oldest first
     */
    public record ProposalPage(
            String channel,
            long id,
            String topic,
            String from,
            List<String> to,
            String createdAt,
            String revisedAt,
            String body,
            String pinKey,
            boolean open,
            int agreed,
            int needed,
            List<String> voters,
            List<Ballot> ballots,
            List<String> stillToVote,
            List<String> declaredDeadBy,
            boolean pinned,
            List<Pin> produced,
            boolean debt,
            List<Step> history) {
        /** Copies the lists. */
        public ProposalPage {
            to = List.copyOf(to);
            voters = List.copyOf(voters);
            ballots = List.copyOf(ballots);
            stillToVote = List.copyOf(stillToVote);
            declaredDeadBy = List.copyOf(declaredDeadBy);
            produced = List.copyOf(produced);
            history = List.copyOf(history);
        }
    }

    /**
     * A pin's version with its approval and what it changed.
     *
     * @param pin           the version
     * @param approvalTopic the approving proposal's topic, or null (none, or no longer readable)
     * @param previous      the version before it, or null for the first
     * @param changes       its body's changes against {@code previous}, empty for the first or an unchanged body
     */
    public record PinVersion(Pin pin, String approvalTopic, String previous, List<PinDiff.Line> changes) {
        /** Copies the list. */
        public PinVersion {
            changes = List.copyOf(changes);
        }
    }

    /**
     * A pin's history, newest first.
     *
     * @param channel  the channel
     * @param key      the pin key
     * @param versions its versions
     */
    public record PinPage(String channel, String key, List<PinVersion> versions) {
        /** Copies the list. */
        public PinPage {
            versions = List.copyOf(versions);
        }
    }
}
