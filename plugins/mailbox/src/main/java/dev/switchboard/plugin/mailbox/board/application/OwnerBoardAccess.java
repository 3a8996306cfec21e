package dev.switchboard.plugin.mailbox.board.application;

import java.time.Clock;
import java.time.Instant;
import java.util.Optional;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.board.domain.BoardLimits;
import dev.switchboard.plugin.mailbox.channel.domain.Timestamps;
import dev.switchboard.plugin.mailbox.hosted.application.HostedSettings;
import dev.switchboard.plugin.mailbox.hosted.application.Secrets;
import dev.switchboard.plugin.mailbox.hosted.application.port.out.Registry;
import dev.switchboard.plugin.mailbox.hosted.domain.HostedLimits;
import dev.switchboard.ports.tool.Outcome;

/**
 * The owner's board links and sessions (ADR 69): the server's owner (whoever runs {@code switchboard mailbox
 * owner-link} on the store, or sends the owner token to {@code POST /board/owner-link}) mints a single-use nonce that
 * works within {@link HostedLimits#BOARD_NONCE_TTL}; redeeming it opens an owner session for
 * {@link BoardLimits#SESSION_TTL}, named by a fresh random id (256 bits, base64url). Nonces and session ids are
 * stored only as SHA-256 digests, looked up by digest (a presented value's digest reveals nothing of a stored one, so
 * the lookup's timing cannot be used to guess it), in the registry so that any node serving the store honours them.
 * Minting, redeeming and ending are audited as the owner's ({@code owner_board_link}, {@code owner_board_session},
 * {@code end_owner_sessions}); opening a page is not. Thread-safe.
 */
@Singleton
public final class OwnerBoardAccess {

    /** The audit's actor for everything here. */
    private static final String OWNER = "owner";

    /** Deleted at most per table when a link is minted or redeemed, so expired rows do not pile up. */
    private static final int PRUNE_BATCH = BoardLimits.SESSION_PRUNE_BATCH;

    /**
     * A minted owner link.
     *
     * @param url       {@code <public-url>/board?t=<nonce>}, or the path alone when no public URL is set
     * @param expiresIn how long it works, in seconds
     * @param relative  whether {@code url} is only a path (put the server's address before it)
     */
    public record Link(String url, long expiresIn, boolean relative) {}

    private final Registry registry;
    private final HostedSettings settings;
    private final Clock clock;

    @Inject
    OwnerBoardAccess(Registry registry, HostedSettings settings, Clock clock) {
        this.registry = registry;
        this.settings = settings;
        this.clock = clock;
    }

    /**
     * Mints an owner link. The caller has established that its caller is the server's owner.
     *
     * @param how where it was asked for, for the audit ({@code cli}, {@code http})
     * @return the link, shown only now
     * @throws dev.switchboard.ports.storage.StorageBusyException if the store stays busy
     */
    public Link mint(String how) {
        String nonce = Secrets.mint("");
        Instant now = clock.instant();
        String expires = Timestamps.format(now.plus(HostedLimits.BOARD_NONCE_TTL));
        registry.write(tx -> {
            tx.pruneExpiredOwnerAccess(PRUNE_BATCH);
            tx.insertOwnerNonce(Secrets.sha256Hex(nonce), expires);
            tx.audit(OWNER, "owner_board_link", null, "board", "an owner board link minted (" + how + ")");
            return Outcome.done(Boolean.TRUE);
        });
        return new Link(
                settings.publicUrl() + "/board?" + BoardLimits.NONCE_PARAMETER + "=" + nonce,
                HostedLimits.BOARD_NONCE_TTL.toSeconds(),
                settings.publicUrl().isEmpty());
    }

    /**
     * @param nonce the {@code t} parameter of a link
     * @return the new owner session's id (for the cookie; shown only now), or empty when the nonce is not an unused,
     *     unexpired owner nonce
     * @throws dev.switchboard.ports.storage.StorageBusyException if the store stays busy
     */
    public Optional<String> redeem(String nonce) {
        String sessionId = Secrets.mint("");
        String expires = Timestamps.format(clock.instant().plus(BoardLimits.SESSION_TTL));
        Outcome<Boolean> outcome = registry.write(tx -> {
            if (!tx.redeemOwnerNonce(Secrets.sha256Hex(nonce))) {
                return Outcome.done(Boolean.FALSE);
            }
            tx.pruneExpiredOwnerAccess(PRUNE_BATCH);
            tx.insertOwnerSession(Secrets.sha256Hex(sessionId), expires);
            tx.audit(OWNER, "owner_board_session", null, "board", "an owner board link redeemed: a session opened");
            return Outcome.done(Boolean.TRUE);
        });
        return outcome instanceof Outcome.Done<Boolean> done && done.value()
                ? Optional.of(sessionId)
                : Optional.empty();
    }

    /**
     * @param sessionId a {@code cc_board_owner} cookie's value
     * @return whether it names an unexpired owner session
     */
    public boolean live(String sessionId) {
        String hash = Secrets.sha256Hex(sessionId);
        Outcome<Boolean> outcome = registry.read(tx -> Outcome.done(tx.liveOwnerSession(hash)));
        return outcome instanceof Outcome.Done<Boolean> done && done.value();
    }

    /**
     * Ends every owner session and cancels every owner link not yet opened (each browser must open a link minted
     * after this).
     *
     * @return how many there were
     */
    public int endSessions() {
        Outcome<Integer> outcome = registry.write(tx -> {
            int ended = tx.endOwnerSessions();
            tx.audit(OWNER, "end_owner_sessions", null, "board", "ended " + ended + " owner board session(s)");
            return Outcome.done(ended);
        });
        return outcome instanceof Outcome.Done<Integer> done ? done.value() : 0;
    }
}
