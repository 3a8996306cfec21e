package dev.switchboard.plugin.mailbox.board.application;

import java.time.Clock;
import java.util.Optional;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.board.domain.BoardLimits;
import dev.switchboard.plugin.mailbox.channel.domain.Timestamps;
import dev.switchboard.plugin.mailbox.hosted.application.Secrets;
import dev.switchboard.plugin.mailbox.hosted.application.port.out.Registry;
import dev.switchboard.plugin.mailbox.hosted.application.port.out.StoredCredential;
import dev.switchboard.ports.tool.Outcome;

/**
 * Board sessions (seed-features §1C.3 {@code board_sessions}, §1C.8): redeeming a board link's single-use nonce opens
 * a session for the nonce's view key, named by a fresh random id (256 bits, base64url) of which only the SHA-256
 * digest is stored; a session is good for {@link BoardLimits#SESSION_TTL} and only while its view key is live, so
 * {@code rotate_token} of the role that issued the link, {@code revoke_board_access} or {@code delete_channel} ends it
 * at the next request, while sessions from the owner's links survive a role's rotation. Redeeming and opening are one
 * registry transaction, audited as the view key's use ({@code token_used}). Thread-safe.
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
        Outcome<Optional<StoredCredential>> outcome =
                registry.read(tx -> Outcome.done(tx.liveSession(Secrets.sha256Hex(sessionId))));
        return outcome instanceof Outcome.Done<Optional<StoredCredential>> done
                ? done.value().map(key -> Viewer.of(key.channel()))
                : Optional.empty();
    }
}
