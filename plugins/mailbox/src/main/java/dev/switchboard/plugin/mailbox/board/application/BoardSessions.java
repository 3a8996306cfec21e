package dev.switchboard.plugin.mailbox.board.application;

import java.time.Clock;
import java.time.Instant;
import java.util.Optional;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.board.domain.BoardLimits;
import dev.switchboard.plugin.mailbox.channel.domain.Timestamps;
import dev.switchboard.plugin.mailbox.hosted.application.Secrets;
import dev.switchboard.plugin.mailbox.hosted.application.UseThrottle;
import dev.switchboard.plugin.mailbox.hosted.application.port.out.Registry;
import dev.switchboard.plugin.mailbox.hosted.application.port.out.StoredCredential;
import dev.switchboard.plugin.mailbox.hosted.domain.HostedLimits;
import dev.switchboard.ports.storage.StorageBusyException;
import dev.switchboard.ports.tool.Outcome;

/**
 * Board sessions (seed-features §1C.3 {@code board_sessions}, §1C.8): redeeming a board link's single-use nonce opens
 * a session for the nonce's view key, named by a fresh random id (256 bits, base64url) of which only the SHA-256
 * digest is stored; a session is good for {@link BoardLimits#SESSION_TTL} and only while its view key is live, so
 * {@code rotate_token} of the role that issued the link, {@code revoke_board_access} or {@code delete_channel} ends it
 * at the next request, while sessions from the owner's links survive a role's rotation. Redeeming and opening are one
 * registry transaction, audited as the view key's use ({@code token_used}); the same transaction deletes up to
 * {@link BoardLimits#SESSION_PRUNE_BATCH} expired sessions, so expired rows do not pile up. A session's use is audited
 * as a token's is: {@code token_used} of its view key (with the view key's {@code last_used_at} touched) at its first
 * use in this process, then at most once per {@link HostedLimits#TOKEN_USE_RECORD_INTERVAL} per session; the entry
 * names the view key, never the session id or its digest, and a store too busy to record it does not refuse the
 * session. Thread-safe.
 */
@Singleton
public final class BoardSessions {

    /**
     * An opened session.
     *
     * @param channel   the view key's channel, where the board link leads
     * @param sessionId the new session's id, for the cookie (shown only now, never stored)
     */
    public record Opened(String channel, String sessionId) {}

    private final Registry registry;
    private final Clock clock;
    private final UseThrottle<String> throttle = new UseThrottle<>(HostedLimits.TOKEN_USE_RECORD_INTERVAL);

    @Inject
    BoardSessions(Registry registry, Clock clock) {
        this.registry = registry;
        this.clock = clock;
    }

    /**
     * @param nonce the {@code t} parameter of a board link
     * @return the opened session, or empty when the nonce is unknown, used, expired or its view key is not live
     * @throws dev.switchboard.ports.storage.StorageBusyException if the store stays busy
     */
    public Optional<Opened> redeem(String nonce) {
        String sessionId = Secrets.mint("");
        String expires = Timestamps.format(clock.instant().plus(BoardLimits.SESSION_TTL));
        Outcome<Optional<Opened>> outcome = registry.write(tx -> {
            Optional<StoredCredential> key = tx.redeemNonce(Secrets.sha256Hex(nonce));
            key.ifPresent(found -> {
                tx.pruneExpiredSessions(BoardLimits.SESSION_PRUNE_BATCH);
                tx.insertSession(Secrets.sha256Hex(sessionId), found.id(), expires);
                tx.audit(
                        found.channel() + "/view:" + found.role(),
                        "token_used",
                        found.channel(),
                        "token #" + found.id(),
                        "board link redeemed: a board session opened");
            });
            return Outcome.done(key.map(found -> new Opened(found.channel(), sessionId)));
        });
        return outcome instanceof Outcome.Done<Optional<Opened>> done ? done.value() : Optional.empty();
    }

    /**
     * @param sessionId a {@code cc_board} cookie's value
     * @return the viewer of the session's channel, or empty when the session is unknown, expired or its key is dead
     */
    public Optional<Viewer> viewer(String sessionId) {
        String hash = Secrets.sha256Hex(sessionId);
        Outcome<Optional<StoredCredential>> outcome = registry.read(tx -> Outcome.done(tx.liveSession(hash)));
        Optional<StoredCredential> key =
                outcome instanceof Outcome.Done<Optional<StoredCredential>> done ? done.value() : Optional.empty();
        key.ifPresent(found -> recordUse(hash, found));
        return key.map(found -> Viewer.of(found.channel()));
    }

    private void recordUse(String hash, StoredCredential key) {
        Instant now = clock.instant();
        if (!throttle.claim(hash, now)) {
            return;
        }
        try {
            registry.write(tx -> {
                tx.touch(key.id());
                tx.audit(
                        key.channel() + "/view:" + key.role(),
                        "token_used",
                        key.channel(),
                        "token #" + key.id(),
                        "board session used");
                return Outcome.done(Boolean.TRUE);
            });
        } catch (StorageBusyException e) {
            // a busy store must not refuse a live session: a later request records the use instead
            throttle.release(hash, now);
        }
    }
}
