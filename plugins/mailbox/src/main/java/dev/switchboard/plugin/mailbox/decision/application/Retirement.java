package dev.switchboard.plugin.mailbox.decision.application;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.decision.application.port.out.RoundStore;
import dev.switchboard.plugin.mailbox.message.application.port.out.EventLog;
import dev.switchboard.plugin.mailbox.message.application.port.out.MessageStore;
import dev.switchboard.plugin.mailbox.message.domain.Message;

/**
 * Causal retirement, never by age (seed-features §1C.5): a new pin version retires the open proposals for its key; an
 * acknowledgement retires the acknowledging role's nudges about the message; a retired message retires the nudges
 * about it, transitively. A retired message gets {@code superseded_at} and a {@code superseded} event and stays
 * readable. Thread-safe (stateless).
 */
@Singleton
public final class Retirement {

    /** The event every live-rule retirement writes. */
    public static final String EVENT = "superseded";

    private final RoundStore rounds;
    private final MessageStore messages;
    private final EventLog events;

    @Inject
    Retirement(RoundStore rounds, MessageStore messages, EventLog events) {
        this.rounds = rounds;
        this.messages = messages;
        this.events = events;
    }

    /**
     * @param tx      a writing transaction
     * @param key     the pin key that moved
     * @param role    who wrote the version
     * @param version its label
     * @return the retired ids: the proposals claimed by the key, then the nudges about them
     */
    public List<Long> proposalsFor(Tx tx, String key, String role, String version) {
        String note = "'" + key + "' moved to version " + version;
        List<Long> proposals = rounds.liveProposalsClaimedBy(tx, key);
        retire(tx, proposals, role, note, EVENT, List.of());
        List<Long> retired = new ArrayList<>(proposals);
        retired.addAll(nudgesAbout(tx, proposals, role, "target settled: " + note));
        return retired;
    }

    /**
     * @param tx        a writing transaction
     * @param messageId the acknowledged message
     * @param role      the acknowledging role
     * @return the retired ids: the role's live nudges about the message (addressed to it)
     */
    public List<Long> nudgesAcknowledged(Tx tx, long messageId, String role) {
        List<Long> mine = messages.findAll(tx, rounds.liveNudgesAbout(tx, List.of(messageId))).stream()
                .filter(nudge -> nudge.isAddressedTo(role))
                .map(Message::id)
                .toList();
        retire(tx, mine, role, "acknowledged message " + messageId, EVENT, List.of());
        return mine;
    }

    /**
     * Retires the live nudges about the targets, and the nudges about those, until a level adds nothing.
     *
     * @param tx      a writing transaction
     * @param targets messages that were retired or deleted
     * @param role    whose action caused it
     * @param note    the events' note
     * @return the retired ids, level by level
     */
    public List<Long> nudgesAbout(Tx tx, List<Long> targets, String role, String note) {
        List<Long> nudges = cascade(tx, targets);
        retire(tx, nudges, role, note, EVENT, List.of());
        return nudges;
    }

    /**
     * What {@link #nudgesAbout} would retire, without writing: the live nudges about the targets, transitively,
     * level by level (a cycle ends because every id is taken once).
     *
     * @param tx      the transaction
     * @param targets the messages
     * @return the nudges' ids
     */
    public List<Long> cascade(Tx tx, List<Long> targets) {
        List<Long> found = new ArrayList<>();
        Set<Long> seen = new LinkedHashSet<>(targets);
        List<Long> frontier = targets;
        while (!frontier.isEmpty()) {
            List<Long> level = rounds.liveNudgesAbout(tx, frontier).stream()
                    .filter(seen::add)
                    .toList();
            found.addAll(level);
            frontier = level;
        }
        return found;
    }

    /**
     * Retires messages: {@code superseded_at} now and one event each.
     *
     * @param tx      a writing transaction
     * @param ids     the messages
     * @param role    whose action caused it
     * @param note    the events' note
     * @param event   {@link #EVENT}, or a cleanup pass's event
     * @param pinKeys the pin keys a cleanup pass ran under, else empty
     */
    public void retire(Tx tx, List<Long> ids, String role, String note, String event, List<String> pinKeys) {
        for (long id : ids) {
            rounds.markSuperseded(tx, id);
            events.append(tx, id, event, role, note, pinKeys);
        }
    }
}
