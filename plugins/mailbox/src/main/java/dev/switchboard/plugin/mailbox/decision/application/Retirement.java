package dev.switchboard.plugin.mailbox.decision.application;

import java.util.ArrayList;
import java.util.List;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.channel.domain.Message;
import dev.switchboard.plugin.mailbox.decision.application.port.out.RoundStore;
import dev.switchboard.plugin.mailbox.message.application.Nudges;
import dev.switchboard.plugin.mailbox.message.application.port.out.BodyRead;
import dev.switchboard.plugin.mailbox.message.application.port.out.MessageStore;

/**
 * The decision capability's causes of retirement (seed-features §1C.5): a new pin version retires the open proposals
 * for its key, and the nudges about them; an acknowledgement retires the acknowledging role's nudges about the
 * message. The retiring itself is the core's {@link Nudges}. Thread-safe (stateless).
 */
@Singleton
public final class Retirement {

    private final RoundStore rounds;
    private final MessageStore messages;
    private final Nudges nudges;

    @Inject
    Retirement(RoundStore rounds, MessageStore messages, Nudges nudges) {
        this.rounds = rounds;
        this.messages = messages;
        this.nudges = nudges;
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
        nudges.retire(tx, proposals, role, note, Nudges.SUPERSEDED, List.of());
        List<Long> retired = new ArrayList<>(proposals);
        retired.addAll(nudges.retireAbout(tx, proposals, role, "target settled: " + note));
        return retired;
    }

    /**
     * @param tx        a writing transaction
     * @param messageId the acknowledged message
     * @param role      the acknowledging role
     * @return the retired ids: the role's live nudges about the message (addressed to it)
     */
    public List<Long> nudgesAcknowledged(Tx tx, long messageId, String role) {
        List<Long> mine = messages.findAll(tx, messages.liveNudgesAbout(tx, List.of(messageId)), BodyRead.NONE).stream()
                .filter(nudge -> nudge.isAddressedTo(role))
                .map(Message::id)
                .toList();
        nudges.retire(tx, mine, role, "acknowledged message " + messageId, Nudges.SUPERSEDED, List.of());
        return mine;
    }
}
