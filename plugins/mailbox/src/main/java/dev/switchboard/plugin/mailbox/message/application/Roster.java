package dev.switchboard.plugin.mailbox.message.application;

import java.util.List;
import java.util.TreeSet;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.application.port.out.Channels;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.message.application.port.out.MessageStore;

/**
 * The channel's roles as the caller can know them, and where that list comes from: the one answer of
 * {@code list_roles} ({@code roles}, {@code source}) and {@code get_acknowledgements} ({@code roles},
 * {@code roles_source}). A local channel has no registry, so its roles are those that have sent or received a message
 * ({@value #OBSERVED}): the list can miss a role that never spoke, never name one that does not exist. A hosted
 * channel's roles are its registry's ({@value #REGISTRY}, behaviour 128). Thread-safe.
 */
@Singleton
public final class Roster {

    /** The source of a local channel's roles. */
    public static final String OBSERVED = "observed-in-messages";

    /** The source of a hosted channel's roles (behaviour 128). */
    public static final String REGISTRY = "channel-registry";

    /**
     * @param roles  the role names, ascending
     * @param source where they come from ({@value #OBSERVED} on one machine, {@value #REGISTRY} hosted)
     */
    public record Members(List<String> roles, String source) {}

    private final MessageStore messages;
    private final Channels channels;

    @Inject
    Roster(MessageStore messages, Channels channels) {
        this.messages = messages;
        this.channels = channels;
    }

    /**
     * @param tx a transaction of the caller's channel
     * @return its roles and their source
     */
    public Members of(Tx tx) {
        return channels.roster(tx)
                .map(registered -> new Members(List.copyOf(new TreeSet<>(registered)), REGISTRY))
                .orElseGet(() -> new Members(List.copyOf(new TreeSet<>(messages.knownRoles(tx))), OBSERVED));
    }
}
