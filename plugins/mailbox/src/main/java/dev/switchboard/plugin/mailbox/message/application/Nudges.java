package dev.switchboard.plugin.mailbox.message.application;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.message.application.port.out.EventLog;
import dev.switchboard.plugin.mailbox.message.application.port.out.MessageStore;

/**
 * Causal retirement, once for every capability (seed-features §1C.2, §1C.5): a message that is retired or deleted
 * retires the live nudges about it ({@code about_message_id}), and the nudges about those, level by level; never by
 * age. A retired message gets {@code superseded_at} and an event, and stays readable. Used by delete_message, by an
 * acknowledgement and a new pin version (the decision capability's {@code Retirement}) and by the cleanup pass.
 * Thread-safe (stateless).
 */
@Singleton
public final class Nudges {

    /** The event every live-rule retirement writes. */
    public static final String SUPERSEDED = "superseded";

    private final MessageStore messages;
    private final EventLog events;

    @Inject
    Nudges(MessageStore messages, EventLog events) {
        this.messages = messages;
        this.events = events;
    }

    /**
     * What {@link #retireAbout} would retire, without writing: the live nudges about the targets, transitively,
     * level by level, ascending within a level (a cycle ends because every id is taken once).
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
            List<Long> level = messages.liveNudgesAbout(tx, frontier).stream()
                    .filter(seen::add)
                    .toList();
            found.addAll(level);
            frontier = level;
        }
        return found;
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
    public List<Long> retireAbout(Tx tx, List<Long> targets, String role, String note) {
        List<Long> nudges = cascade(tx, targets);
        retire(tx, nudges, role, note, SUPERSEDED, List.of());
        return nudges;
    }

    /**
     * Retires messages: {@code superseded_at} now and one event each.
     *
     * @param tx      a writing transaction
     * @param ids     the messages
     * @param role    whose action caused it
     * @param note    the events' note
     * @param event   {@link #SUPERSEDED}, or a cleanup pass's event
     * @param pinKeys the pin keys a cleanup pass ran under, else empty
     */
    public void retire(Tx tx, List<Long> ids, String role, String note, String event, List<String> pinKeys) {
        for (long id : ids) {
            messages.markSuperseded(tx, id);
            events.append(tx, id, event, role, note, pinKeys);
        }
    }
}
