package dev.switchboard.plugin.mailbox.hosted.application.port.out;

import java.util.List;
import java.util.Optional;

/**
 * One open registry transaction ({@link Registry#write} or {@link Registry#read}); valid only during that call. Every
 * write carries the transaction's one time, {@link #now()}. Digests are 64 lower-case hex characters. Not
 * thread-safe.
 */
public interface RegistryTx {

    /** @return the transaction's time, {@code yyyy-MM-ddTHH:mm:ss.SSSZ} UTC */
    String now();

    /**
     * @param name a channel name
     * @return its row, local or hosted, deleted or not
     */
    Optional<HostedChannel> channel(String name);

    /** @return the hosted channels not deleted, by name */
    List<HostedChannel> activeHostedChannels();

    /**
     * @param name  a new, unused name
     * @param roles its roles
     * @return the new channel's id
     */
    long insertChannel(String name, List<String> roles);

    /** Replaces a hosted channel's roles. */
    void updateRoles(long channelId, List<String> roles);

    /** Hides a channel: its rows stay, its name stays taken. */
    void markDeleted(long channelId);

    /**
     * @param hash          the credential's digest
     * @param kind          {@link StoredCredential#ROLE} or {@link StoredCredential#VIEW}
     * @param channelId     its channel
     * @param role          the role, or a view key's label
     * @param issuedBy      {@code owner} or the issuing role
     * @param issuedByToken the issuing role token, or null
     * @param expiresAt     when it expires, or null (never)
     * @return the new credential's id
     */
    long insertCredential(
            String hash,
            String kind,
            long channelId,
            String role,
            String issuedBy,
            Long issuedByToken,
            String expiresAt);

    /**
     * Revokes every unrevoked token of one role and every view key those tokens issued.
     *
     * @return how many credentials were revoked
     */
    int revokeRole(long channelId, String role);

    /** @return how many view keys of the channel were revoked (all of them) */
    int revokeViewKeys(long channelId);

    /** @return how many credentials of the channel were revoked (all of them) */
    int revokeChannel(long channelId);

    /**
     * @param channelId     a channel
     * @param issuedByToken the issuing role token, or null for the owner's keys
     * @return the ids of that issuer's live view keys in the channel, oldest first
     */
    List<Long> liveViewKeys(long channelId, Long issuedByToken);

    /** Revokes one credential. */
    void revoke(long tokenId);

    /**
     * Signals, with this transaction's commit, that credentials of the channel were revoked: its held polls look at
     * their own credential again (on any node).
     */
    void credentialsRevoked(long channelId);

    /**
     * @param tokenId a credential's id
     * @return whether it is live now (unrevoked, unexpired, its channel and issuer alive)
     */
    boolean isLive(long tokenId);

    /** Stores a board nonce's digest for a view key. */
    void insertNonce(String hash, long viewKeyId, String expiresAt);

    /**
     * @param hash a presented credential's digest
     * @return the live credential with that digest, or empty
     */
    Optional<StoredCredential> live(String hash);

    /**
     * Redeems a board nonce: marks it used when it is unused and unexpired, so it works once.
     *
     * @param hash the presented nonce's digest
     * @return the live view key the nonce was issued for, or empty (unknown, used, expired, or its key not live)
     */
    Optional<StoredCredential> redeemNonce(String hash);

    /** Stores a board session's digest for a view key, expiring at {@code expiresAt}. */
    void insertSession(String hash, long viewKeyId, String expiresAt);

    /**
     * @param hash a presented session id's digest
     * @return the live view key of that unexpired session, or empty (unknown, expired, or its key not live)
     */
    Optional<StoredCredential> liveSession(String hash);

    /**
     * Deletes board sessions that expired at or before {@link #now()}, the longest expired first.
     *
     * @param limit the most sessions deleted by this call (bounds the transaction's work), at least 1
     * @return how many were deleted, 0..limit
     */
    int pruneExpiredSessions(int limit);

    /** Stores an owner's board nonce's digest (ADR 69), unused, expiring at {@code expiresAt}. */
    void insertOwnerNonce(String hash, String expiresAt);

    /**
     * Redeems an owner's board nonce: marks it used when it is unused and unexpired, so it works once.
     *
     * @param hash the presented nonce's digest
     * @return whether it was an unused, unexpired owner nonce (now used)
     */
    boolean redeemOwnerNonce(String hash);

    /** Stores an owner's board session's digest, expiring at {@code expiresAt}. */
    void insertOwnerSession(String hash, String expiresAt);

    /**
     * @param hash a presented owner session id's digest
     * @return whether an unexpired owner session has it
     */
    boolean liveOwnerSession(String hash);

    /**
     * Deletes owner nonces and owner sessions that expired at or before {@link #now()}.
     *
     * @param limit the most rows of each table deleted by this call, at least 1
     * @return how many were deleted, 0..2 * limit
     */
    int pruneExpiredOwnerAccess(int limit);

    /**
     * Deletes every owner session (each ends at its next request) and every owner link not yet opened (it can no
     * longer open a session: after a leak, a link minted with the leaked token must not outlive the clean-up).
     *
     * @return how many owner sessions there were
     */
    int endOwnerSessions();

    /** Records that a credential was used now. */
    void touch(long tokenId);

    /** Appends an audit entry at {@link #now()}. */
    void audit(String actor, String action, String channel, String subject, String detail);

    /**
     * @param channel  only this channel's entries, or null for all
     * @param beforeId only entries with a smaller id, or null
     * @param limit    at most this many
     * @return the entries, newest first
     */
    List<AuditEntry> auditTrail(String channel, Long beforeId, int limit);
}
