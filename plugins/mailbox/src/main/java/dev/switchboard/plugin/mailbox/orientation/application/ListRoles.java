package dev.switchboard.plugin.mailbox.orientation.application;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Channels;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.message.application.port.out.MessageStore;
import dev.switchboard.plugin.mailbox.orientation.application.port.out.StatusStore;
import dev.switchboard.ports.tool.Outcome;

/**
 * {@code list_roles}: a hosted channel's roles are its registered roster ({@value #REGISTRY}); on one machine there is
 * no roster, so the roles are those observed in the channel's messages (as senders or recipients), which can
 * under-report a role that never spoke; beyond the original, {@code last_seen}
 * says when each role last called a mailbox tool. Thread-safe.
 */
@Singleton
public final class ListRoles {

    /** Where a local channel's roles come from. */
    public static final String OBSERVED = "observed-in-messages";

    /** Where a hosted channel's roles come from (behaviour 128). */
    public static final String REGISTRY = "channel-registry";

    private final MessageStore messages;
    private final StatusStore status;
    private final Channels channels;

    @Inject
    ListRoles(MessageStore messages, StatusStore status, Channels channels) {
        this.messages = messages;
        this.status = status;
        this.channels = channels;
    }

    /**
     * @param tx     a read transaction
     * @param caller who asks
     * @return {@code {roles, you, source, last_seen}}, roles ascending
     */
    public Outcome<Map<String, Object>> roles(Tx tx, Caller caller) {
        Map<String, Object> answer = new LinkedHashMap<>();
        Optional<List<String>> roster = channels.roster(tx);
        answer.put(
                "roles",
                new TreeSet<>(roster.<Collection<String>>map(roles -> roles).orElseGet(() -> messages.knownRoles(tx)))
                        .stream().toList());
        answer.put("you", caller.role());
        answer.put("source", roster.isPresent() ? REGISTRY : OBSERVED);
        answer.put("last_seen", status.lastSeen(tx));
        return Outcome.done(answer);
    }
}
