package dev.switchboard.plugin.mailbox.orientation.adapter.in.resource;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Transactions;
import dev.switchboard.plugin.mailbox.channel.domain.ActionableIds;
import dev.switchboard.plugin.mailbox.channel.domain.MailWatch;
import dev.switchboard.plugin.mailbox.orientation.application.StatusReader;
import dev.switchboard.ports.resource.ResourceSubscription;
import dev.switchboard.ports.resource.ResourceUpdateSink;
import dev.switchboard.ports.signal.ChangeSignals;
import dev.switchboard.ports.signal.SignalSubscription;
import dev.switchboard.ports.tool.Outcome;

/**
 * The inboxes some client of this process subscribed to, watched for new actionable items. A role's inbox is watched
 * from its first subscription ({@link #follow}), whichever session makes it, to the close of its last one; a channel
 * with a watched inbox has one listener on its change signal for the whole process, which re-reads, in one read
 * transaction, the actionable ids of the roles watched in it (not of each subscribed session) and reports each inbox
 * that gained an item, compared by ids as {@code wait_for_mail} compares. Nothing is watched, read or listened to for
 * a role no client subscribed to. Thread-safe: {@link #follow} and closing take this object's lock; a channel's
 * listener runs once at a time (the change signals' promise).
 */
final class InboxWatches {

    private final Transactions transactions;
    private final StatusReader status;
    private final ChangeSignals signals;
    /** The channels with a watched inbox, by channel id; guarded by {@code this}. */
    private final Map<Long, ChannelWatch> channels = new HashMap<>();

    private volatile ResourceUpdateSink sink;

    InboxWatches(Transactions transactions, StatusReader status, ChangeSignals signals) {
        this.transactions = transactions;
        this.status = status;
        this.signals = signals;
    }

    /** @param target where to report the inboxes that gained an item (the kernel's sink); set once, at start */
    void reportTo(ResourceUpdateSink target) {
        sink = target;
    }

    /**
     * Watches a role's inbox until the answer is closed: the first subscription reads what is actionable now (the
     * baseline: only items that appear after it are reported), later ones of the same role only count.
     *
     * @param caller the role whose inbox a client subscribed to
     * @return the subscription; {@link ResourceSubscription#NONE} before the sink is known
     */
    synchronized ResourceSubscription follow(Caller caller) {
        if (sink == null) {
            return ResourceSubscription.NONE;
        }
        ChannelWatch channel = channels.computeIfAbsent(caller.channelId(), ChannelWatch::new);
        RoleWatch role = channel.roles.get(caller);
        if (role == null) {
            role = new RoleWatch(caller, new MailWatch(actionable(caller).orElse(ActionableIds.NONE), true));
            channel.roles.put(caller, role);
        }
        role.followers++;
        RoleWatch followed = role;
        return new ResourceSubscription() {
            private boolean closed;

            @Override
            public void close() {
                synchronized (InboxWatches.this) {
                    if (!closed) {
                        closed = true;
                        release(channel, followed);
                    }
                }
            }
        };
    }

    /** Called with this object's lock held. */
    private void release(ChannelWatch channel, RoleWatch role) {
        if (--role.followers > 0) {
            return;
        }
        channel.roles.remove(role.caller);
        if (channel.roles.isEmpty()) {
            channels.remove(channel.channelId);
            channel.signal.close();
        }
    }

    /** @return what is actionable for the role now, or empty when its channel refuses the read */
    Optional<ActionableIds> actionable(Caller caller) {
        return switch (transactions.read(
                caller.channelId(),
                tx -> Outcome.done(status.read(tx, caller.role()).actionable()))) {
            case Outcome.Done<ActionableIds> done -> Optional.of(done.value());
            case Outcome.Refused<ActionableIds> refused -> Optional.empty();
        };
    }

    /** One channel's watched roles and its one signal listener. */
    private final class ChannelWatch {
        private final long channelId;
        private final Map<Caller, RoleWatch> roles = new ConcurrentHashMap<>();
        private final SignalSubscription signal;

        ChannelWatch(long channelId) {
            this.channelId = channelId;
            this.signal = signals.subscribe(Transactions.signalTopic(channelId), this::changed);
        }

        /** A commit in the channel: one read of every watched role's actionable ids, then the reports. */
        private void changed() {
            List<RoleWatch> watched = List.copyOf(roles.values());
            if (watched.isEmpty()) {
                return;
            }
            Outcome<Map<RoleWatch, ActionableIds>> now = transactions.read(channelId, tx -> {
                Map<RoleWatch, ActionableIds> ids = new LinkedHashMap<>();
                watched.forEach(role ->
                        ids.put(role, status.read(tx, role.caller.role()).actionable()));
                return Outcome.done(ids);
            });
            if (now instanceof Outcome.Done<Map<RoleWatch, ActionableIds>> done) {
                done.value().forEach((role, ids) -> {
                    if (role.gained(ids)) {
                        sink.updated(InboxResources.uri(role.caller));
                    }
                });
            }
        }
    }

    /** One watched role: what its subscribers have been told of, and how many subscriptions hold it. */
    private static final class RoleWatch {
        private final Caller caller;
        private final MailWatch seen;
        /** Guarded by the {@link InboxWatches} lock. */
        private int followers;

        RoleWatch(Caller caller, MailWatch seen) {
            this.caller = caller;
            this.seen = seen;
        }

        synchronized boolean gained(ActionableIds now) {
            return !seen.newSince(now).isEmpty();
        }
    }
}
