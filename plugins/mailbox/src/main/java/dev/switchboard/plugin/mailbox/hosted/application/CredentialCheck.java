package dev.switchboard.plugin.mailbox.hosted.application;

import java.time.Clock;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.hosted.application.port.out.Registry;
import dev.switchboard.plugin.mailbox.hosted.application.port.out.StoredCredential;
import dev.switchboard.plugin.mailbox.hosted.domain.HostedLimits;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.storage.StorageBusyException;
import dev.switchboard.ports.tool.Outcome;

/**
 * Resolves a presented credential's digest to a principal: a live role token ({@value HostedLimits#ROLE_TOKEN_PREFIX})
 * to a {@link Principal.Kind#CHANNEL_ROLE} with {@code channel}, {@code role}, {@code channel_id} and
 * {@code token_id}; a live view key ({@value HostedLimits#VIEW_KEY_PREFIX}) to a {@link Principal.Kind#VIEWER} with
 * {@code channel}, {@code label}, {@code channel_id} and {@code token_id}. The row is found by its digest and the
 * digests compared again in constant time. Revocation, expiry and deletion take effect on the next request (nothing
 * is cached; an answer held past the HTTP transport's {@code credential-recheck-ms} has its credential resolved
 * again before it is written, ADR 27). A role token's use is audited ({@code token_used}) on first use, then at most once per
 * {@link HostedLimits#TOKEN_USE_RECORD_INTERVAL} per credential in this process (a store too busy to record it does
 * not refuse the credential: a later request records it). A view key's resolution is not audited here: resolving
 * is not using, since {@code /mcp} refuses a viewer with 403 after resolving it; the route that accepts a view key
 * records its use. Thread-safe.
 */
@Singleton
public final class CredentialCheck {

    private final Registry registry;
    private final Clock clock;
    private final UseThrottle<Long> throttle = new UseThrottle<>(HostedLimits.TOKEN_USE_RECORD_INTERVAL);

    @Inject
    CredentialCheck(Registry registry, Clock clock) {
        this.registry = registry;
        this.clock = clock;
    }

    /**
     * @param prefix    the presented token's prefix ({@code cct_} or {@code ccv_}; anything else is not ours)
     * @param hashHex   its SHA-256 digest as hex
     * @param presented the same digest's bytes
     * @return the principal, or empty
     */
    public Optional<Principal> resolve(String prefix, String hashHex, byte[] presented) {
        String kind;
        if (HostedLimits.ROLE_TOKEN_PREFIX.equals(prefix)) {
            kind = StoredCredential.ROLE;
        } else if (HostedLimits.VIEW_KEY_PREFIX.equals(prefix)) {
            kind = StoredCredential.VIEW;
        } else {
            return Optional.empty();
        }
        Optional<StoredCredential> found = read(hashHex)
                .filter(row -> row.kind().equals(kind))
                .filter(row -> Secrets.matches(row.hash(), presented));
        found.filter(row -> row.kind().equals(StoredCredential.ROLE)).ifPresent(this::recordUse);
        return found.map(CredentialCheck::principal);
    }

    /**
     * @param tokenId a credential's id (a principal's {@code token_id})
     * @return false when it is no longer live (revoked, expired, its channel deleted); true when it is, or when the
     *     store could not say (a held answer's token is looked up again by the transport anyway, ADR 27)
     */
    public boolean isLive(long tokenId) {
        try {
            Outcome<Boolean> outcome = registry.read(tx -> Outcome.done(tx.isLive(tokenId)));
            return !(outcome instanceof Outcome.Done<Boolean> done) || done.value();
        } catch (StorageBusyException e) {
            return true;
        }
    }

    private Optional<StoredCredential> read(String hashHex) {
        Outcome<Optional<StoredCredential>> outcome = registry.read(tx -> Outcome.done(tx.live(hashHex)));
        return outcome instanceof Outcome.Done<Optional<StoredCredential>> done ? done.value() : Optional.empty();
    }

    private void recordUse(StoredCredential row) {
        Instant now = clock.instant();
        if (!throttle.claim(row.id(), now)) {
            return;
        }
        try {
            registry.write(tx -> {
                tx.touch(row.id());
                tx.audit(actorOf(row), "token_used", row.channel(), "token #" + row.id(), null);
                return Outcome.done(Boolean.TRUE);
            });
        } catch (StorageBusyException e) {
            // a busy store must not refuse a valid credential: the use is recorded on a later request instead
            throttle.release(row.id(), now);
        }
    }

    private static String actorOf(StoredCredential row) {
        return row.channel() + "/" + (row.kind().equals(StoredCredential.ROLE) ? row.role() : "view:" + row.role());
    }

    private static Principal principal(StoredCredential row) {
        Map<String, String> attributes = new HashMap<>();
        attributes.put(Actor.CHANNEL, row.channel());
        attributes.put(Actor.CHANNEL_ID, Long.toString(row.channelId()));
        attributes.put(Actor.TOKEN_ID, Long.toString(row.id()));
        if (row.kind().equals(StoredCredential.ROLE)) {
            attributes.put(Actor.ROLE, row.role());
            return new Principal("cct#" + row.id(), Principal.Kind.CHANNEL_ROLE, attributes);
        }
        attributes.put(Actor.LABEL, row.role());
        return new Principal("ccv#" + row.id(), Principal.Kind.VIEWER, attributes);
    }
}
