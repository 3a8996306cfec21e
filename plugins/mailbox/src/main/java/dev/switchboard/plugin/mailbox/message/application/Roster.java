package dev.switchboard.plugin.mailbox.message.application;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Supplier;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Channels;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Transactions;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.channel.domain.RoleRoster;
import dev.switchboard.plugin.mailbox.message.application.port.out.MessageStore;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.Refusal;

/**
 * The channel's roles as the caller can know them, and where that list comes from: the one answer of
 * {@code list_roles} ({@code roles}, {@code source}) and {@code get_acknowledgements} ({@code roles},
 * {@code roles_source}). A local channel has no registry, so its roles are those that have sent or received a message
 * ({@value #OBSERVED}): the list can miss a role that never spoke, never name one that does not exist. A hosted
 * channel's roles are its registry's ({@value #REGISTRY}, behaviour 128). {@link #requireKnown} is where every tool's role
 * argument is checked against them ({@link RoleRoster}: UNKNOWN_ROLE, never an empty answer). Thread-safe.
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

    private final Transactions transactions;
    private final MessageStore messages;
    private final Channels channels;

    @Inject
    Roster(Transactions transactions, MessageStore messages, Channels channels) {
        this.transactions = transactions;
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

    /**
     * @param tx a transaction of the caller's channel
     * @return its roster, for {@link RoleRoster}'s rules
     */
    public RoleRoster roster(Tx tx) {
        return channels.roster(tx)
                .map(registered -> new RoleRoster(registered, true))
                .orElseGet(() -> new RoleRoster(List.copyOf(messages.knownRoles(tx)), false));
    }

    /**
     * @param tx   a transaction of the caller's channel
     * @param role a role name
     * @return whether it is a role of the channel (on the registry; or, locally, has sent or received a message),
     *     without reading the whole roster
     */
    public boolean isKnown(Tx tx, String role) {
        return channels.roster(tx)
                .map(registered -> registered.contains(role))
                .orElseGet(() -> messages.knownAmong(tx, List.of(role)).contains(role));
    }

    /**
     * @param fieldsAndNames argument names, each followed by the role it names or null when not given
     * @return them in order, for {@link #requireKnown}
     */
    public static Map<String, String> named(String... fieldsAndNames) {
        Map<String, String> named = new LinkedHashMap<>();
        for (int i = 0; i + 1 < fieldsAndNames.length; i += 2) {
            named.put(fieldsAndNames[i], fieldsAndNames[i + 1]);
        }
        return named;
    }

    /**
     * A read of the caller's channel in one snapshot: the role arguments checked ({@link #requireKnown}), then the
     * rest of the call, as the read-only tools that take role filters do.
     *
     * @param caller the caller (its channel and role)
     * @param named  argument name to the role it names, in the order reported; null values (not given) are skipped
     * @param then   the rest of the call, in the same snapshot
     * @param <T>    its value's type
     * @return {@code then}'s outcome, or UNKNOWN_ROLE as {@link #requireKnown} answers
     */
    public <T> Outcome<T> readKnown(Caller caller, Map<String, String> named, Function<Tx, Outcome<T>> then) {
        return transactions.read(
                caller.channelId(), tx -> requireKnown(tx, caller.role(), named, () -> then.apply(tx)));
    }

    /**
     * Checks the role arguments of a call against the channel's roster, then runs the rest of the call. The roster is
     * read only when a name other than the caller's own is given.
     *
     * @param tx     a transaction of the caller's channel
     * @param caller the caller's role (always accepted)
     * @param named  argument name to the role it names, in the order reported; null values (not given) are skipped
     * @param then   the rest of the call
     * @param <T>    its value's type
     * @return {@code then}'s outcome, or UNKNOWN_ROLE for the first argument naming no role of the channel
     *     ({@code details.field}, {@code details.roles})
     */
    public <T> Outcome<T> requireKnown(Tx tx, String caller, Map<String, String> named, Supplier<Outcome<T>> then) {
        boolean others = named.values().stream().anyMatch(name -> name != null && !name.equals(caller));
        if (!others) {
            return then.get();
        }
        RoleRoster roster = roster(tx);
        for (Map.Entry<String, String> argument : named.entrySet()) {
            Optional<Refusal> unknown = roster.check(argument.getKey(), argument.getValue(), caller);
            if (unknown.isPresent()) {
                return Outcome.refused(unknown.get().with("roles", roster.roles()));
            }
        }
        return then.get();
    }
}
