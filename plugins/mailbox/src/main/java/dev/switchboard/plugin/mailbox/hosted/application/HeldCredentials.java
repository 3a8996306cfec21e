package dev.switchboard.plugin.mailbox.hosted.application;

import java.util.ArrayList;
import java.util.List;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.application.port.out.Transactions;
import dev.switchboard.ports.call.Cancellation;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.signal.ChangeSignals;
import dev.switchboard.ports.signal.SignalSubscription;

/**
 * Ends a held {@code /status?wait} poll, or a held {@code wait_for_mail} or {@code wait_for_reply} of a role token, as
 * soon as its role token stops being live ({@code rotate_token} of its role, {@code delete_channel}), instead of
 * holding it until the wait ends (up to 50 s): the held request listens to its
 * channel's credentials topic ({@link Transactions#credentialsTopic}, published in the revoking transaction, so on any
 * node), and on a signal looks its own token up by id; a token still live (another role was rotated) keeps waiting.
 * A revocation that commits between the request's admission and the subscription is not seen here; the transport
 * looks the token up again before the answer anyway (ADR 27), so nothing leaks, only the slot is held until the
 * wait ends. Thread-safe.
 */
@Singleton
public final class HeldCredentials {

    private final ChangeSignals signals;
    private final CredentialCheck credentials;

    @Inject
    HeldCredentials(ChangeSignals signals, CredentialCheck credentials) {
        this.signals = signals;
        this.credentials = credentials;
    }

    /**
     * @param channelId  the held request's channel
     * @param caller     who holds it: a hosted role's token is watched (its {@link Actor#TOKEN_ID}); nothing is
     *                   watched for any other principal (a local session's role has no token)
     * @param clientGone the request's own cancellation
     * @return a cancellation raised with {@code clientGone} or when the token is found revoked; close it when the
     *     request ends
     */
    public Watch watch(long channelId, Principal caller, Cancellation clientGone) {
        String tokenId = Actor.isHostedRole(caller) ? caller.attributes().get(Actor.TOKEN_ID) : null;
        return watch(channelId, tokenId == null ? null : Long.valueOf(tokenId), clientGone);
    }

    /**
     * @param channelId  the poll's channel
     * @param tokenId    its role token's id, or null for a principal without one (nothing to watch then)
     * @param clientGone the request's own cancellation
     * @return a cancellation raised with {@code clientGone} or when the token is found revoked; close it when the
     *     poll ends
     */
    public Watch watch(long channelId, Long tokenId, Cancellation clientGone) {
        Watch watch = new Watch(clientGone);
        if (tokenId == null) {
            return watch;
        }
        watch.subscription = signals.subscribe(Transactions.credentialsTopic(channelId), () -> {
            if (!credentials.isLive(tokenId)) {
                watch.revoke();
            }
        });
        return watch;
    }

    /** One held poll's cancellation: its client's, or its token's revocation. Thread-safe. */
    public static final class Watch implements Cancellation, AutoCloseable {

        private final Cancellation clientGone;
        private final List<Runnable> actions = new ArrayList<>();
        private volatile SignalSubscription subscription;
        private boolean revoked;

        private Watch(Cancellation clientGone) {
            this.clientGone = clientGone;
        }

        /** @return whether the poll's token was found revoked */
        public synchronized boolean revoked() {
            return revoked;
        }

        @Override
        public boolean isCancelled() {
            return revoked() || clientGone.isCancelled();
        }

        @Override
        public void onCancel(Runnable action) {
            clientGone.onCancel(action);
            boolean now;
            synchronized (this) {
                now = revoked;
                if (!now) {
                    actions.add(action);
                }
            }
            if (now) {
                action.run();
            }
        }

        private void revoke() {
            List<Runnable> toRun;
            synchronized (this) {
                if (revoked) {
                    return;
                }
                revoked = true;
                toRun = List.copyOf(actions);
                actions.clear();
            }
            toRun.forEach(Runnable::run);
        }

        /** Stops listening. Idempotent. */
        @Override
        public void close() {
            SignalSubscription mine = subscription;
            if (mine != null) {
                mine.close();
            }
        }
    }
}
