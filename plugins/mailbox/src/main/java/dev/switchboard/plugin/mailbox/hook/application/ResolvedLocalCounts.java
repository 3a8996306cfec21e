package dev.switchboard.plugin.mailbox.hook.application;

import java.util.Optional;

import jakarta.inject.Inject;
import jakarta.inject.Provider;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.CallerResolver;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Channels;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Transactions;
import dev.switchboard.plugin.mailbox.hook.application.port.out.HookFailure;
import dev.switchboard.plugin.mailbox.hook.application.port.out.LocalCounts;
import dev.switchboard.plugin.mailbox.hook.application.port.out.MailboxSchema;
import dev.switchboard.plugin.mailbox.hook.domain.KnownTarget;
import dev.switchboard.plugin.mailbox.hook.domain.RoleCounts;
import dev.switchboard.plugin.mailbox.message.application.Roster;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.storage.StorageException;
import dev.switchboard.ports.tool.Outcome;

/**
 * {@link LocalCounts} through the plugin's storage: the caller as a local session's ({@link CallerResolver#local},
 * which creates the channel's row on first use), its counts by {@link ActionableCounts}, followed by the other
 * features' counters of the session ({@link FeatureCounts}, ADR 28). Before any query, the store's mailbox schema is
 * checked ({@link MailboxSchema}), and a role or channel that names nothing in the store ({@link KnownTarget}) is a
 * {@code UNKNOWN} failure, by the rows the direct path reads too: a {@code STORAGE} start applies no migration, and a store a server without the mailbox
 * used holds none of its tables. The store's services are built on first use, so remote mode never opens it.
 * Thread-safe.
 */
@Singleton
public final class ResolvedLocalCounts implements LocalCounts {

    private final Provider<CallerResolver> callers;
    private final Provider<ActionableCounts> counts;
    private final Provider<FeatureCounts> features;
    private final Provider<MailboxSchema> schema;
    private final Provider<Transactions> transactions;
    private final Provider<Roster> roster;
    private final Provider<Channels> channels;

    @Inject
    ResolvedLocalCounts(
            Provider<CallerResolver> callers,
            Provider<ActionableCounts> counts,
            Provider<FeatureCounts> features,
            Provider<MailboxSchema> schema,
            Provider<Transactions> transactions,
            Provider<Roster> roster,
            Provider<Channels> channels) {
        this.callers = callers;
        this.counts = counts;
        this.features = features;
        this.schema = schema;
        this.transactions = transactions;
        this.roster = roster;
        this.channels = channels;
    }

    @Override
    public Optional<RoleCounts> of(Optional<String> role) {
        return of(Principal.LOCAL_OWNER, role);
    }

    /**
     * The counts of a local session's role, for a process that asked a shared server (ADR 41).
     *
     * @param session the asking process's principal: {@link Principal#LOCAL_OWNER} or an attached session's, whose
     *                own role and channel are read
     * @param role    the role asked for, or empty for the session's configured one
     * @return as {@link #of(Optional)}
     * @throws HookFailure as {@link #of(Optional)}
     */
    public Optional<RoleCounts> of(Principal session, Optional<String> role) {
        CallerResolver resolver = callers.get();
        if (role.isEmpty() && resolver.configuredRole(session).isEmpty()) {
            return Optional.empty();
        }
        try {
            schema.get().requireReadable();
            Caller caller = resolver.local(session, role).orElse(refusal -> {
                throw new HookFailure(HookFailure.Kind.SETUP, refusal.message());
            });
            requireKnown(caller);
            return Optional.of(features.get().with(counts.get().of(caller)));
        } catch (StorageException e) {
            throw new HookFailure(HookFailure.Kind.STORE, CountsLookup.unreadableStore(e.getMessage()));
        }
    }

    /** @throws HookFailure {@code UNKNOWN} when {@link KnownTarget} finds the role or channel unknown */
    private void requireKnown(Caller caller) {
        Outcome<Optional<String>> problem = transactions.get().read(caller.channelId(), tx -> {
            Roster rosters = roster.get();
            if (rosters.isKnown(tx, caller.role())) {
                return Outcome.done(Optional.empty());
            }
            return Outcome.done(KnownTarget.problem(
                    caller.channel(),
                    caller.role(),
                    rosters.roster(tx),
                    channels.get().localWithRoles()));
        });
        Optional<String> unknown = problem.orElse(refusal -> {
            throw new HookFailure(HookFailure.Kind.STORE, CountsLookup.unreadableStore(refusal.message()));
        });
        if (unknown.isPresent()) {
            throw HookFailure.unknown(caller.channel(), caller.role(), unknown.get());
        }
    }
}
