package dev.switchboard.plugin.mailbox.hosted.application;

import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.domain.Timestamps;
import dev.switchboard.plugin.mailbox.hosted.application.port.out.Registry;
import dev.switchboard.plugin.mailbox.hosted.application.port.out.StoredCredential;
import dev.switchboard.plugin.mailbox.hosted.domain.HostedLimits;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.Refusal;

/**
 * Board access (§1C.2 {@code board_link}, {@code revoke_board_access}; §1C.12): a board link is a fresh view key
 * ({@value HostedLimits#VIEW_KEY_PREFIX}, expiring after the configured lifetime, dying with its issuer) and a
 * single-use nonce (300 s) in a URL; at most {@value HostedLimits#LIVE_VIEW_KEYS_PER_ISSUER} live keys per issuer and
 * channel, the oldest revoked when one more is issued. Only digests are stored. Thread-safe.
 */
@Singleton
public final class BoardAccess {

    private final Registry registry;
    private final HostedSettings settings;
    private final Clock clock;

    @Inject
    BoardAccess(Registry registry, HostedSettings settings, Clock clock) {
        this.registry = registry;
        this.settings = settings;
        this.clock = clock;
    }

    /**
     * @param actor   the owner (any channel) or a role (its own channel)
     * @param channel the channel, or null for a role's own
     * @param label   what the key is for (1..64 characters)
     * @return {@code {channel, label, url, view_key, expires_in_s, key_expires_at, revoked_oldest, note}};
     *         INVALID_ARGUMENTS for a missing channel (owner) or a bad label; FORBIDDEN for a role naming another
     *         channel; NOT_FOUND for an unknown or deleted channel
     */
    public Outcome<Map<String, Object>> link(Actor actor, String channel, String label) {
        String name = channel == null || channel.isEmpty() ? actor.channel() : channel;
        if (name == null) {
            return Outcome.refused(Refusal.invalid("channel", "is required for the owner: name the channel to link"));
        }
        if (!actor.owner() && !name.equals(actor.channel())) {
            return Outcome.refused(Refusal.forbidden("your role token belongs to channel '" + actor.channel()
                    + "', not '" + name + "'; a role links only its own channel's board. Nothing was issued"));
        }
        String trimmed = label.strip();
        if (trimmed.isEmpty() || trimmed.codePointCount(0, trimmed.length()) > HostedLimits.LABEL_CHARS) {
            return Outcome.refused(
                    Refusal.invalid("label", "must be 1 to " + HostedLimits.LABEL_CHARS + " characters"));
        }
        Instant now = clock.instant();
        String keyExpires = Timestamps.format(now.plus(settings.viewKeyLifetime()));
        String nonceExpires = Timestamps.format(now.plus(HostedLimits.BOARD_NONCE_TTL));
        return registry.write(tx -> ChannelAdministration.live(tx, name).then(found -> {
            Long issuer = actor.owner() ? null : actor.tokenId();
            List<Long> live = tx.liveViewKeys(found.id(), issuer);
            int revokedOldest = 0;
            for (int i = 0; i <= live.size() - HostedLimits.LIVE_VIEW_KEYS_PER_ISSUER; i++) {
                tx.revoke(live.get(i));
                revokedOldest++;
            }
            String key = Secrets.mint(HostedLimits.VIEW_KEY_PREFIX);
            long keyId = tx.insertCredential(
                    Secrets.sha256Hex(key),
                    StoredCredential.VIEW,
                    found.id(),
                    trimmed,
                    actor.owner() ? "owner" : actor.role(),
                    issuer,
                    keyExpires);
            String nonce = Secrets.mint("");
            tx.insertNonce(Secrets.sha256Hex(nonce), keyId, nonceExpires);
            tx.audit(
                    actor.name(),
                    "board_link",
                    name,
                    "view:" + trimmed,
                    revokedOldest == 0 ? null : "revoked the issuer's oldest view key");
            Map<String, Object> answer = new LinkedHashMap<>();
            answer.put("channel", name);
            answer.put("label", trimmed);
            answer.put("url", settings.publicUrl() + "/board/" + name + "?t=" + nonce);
            answer.put("view_key", key);
            answer.put("expires_in_s", HostedLimits.BOARD_NONCE_TTL.toSeconds());
            answer.put("key_expires_at", keyExpires);
            answer.put("revoked_oldest", revokedOldest);
            answer.put(
                    "note",
                    "Open the url within " + HostedLimits.BOARD_NONCE_TTL.toSeconds() + " s; it works once. The view"
                            + " key (shown only now) reads this channel's board until key_expires_at, or until"
                            + " revoke_board_access, rotate_token of the issuing role or delete_channel; it is"
                            + " refused on /mcp."
                            + (settings.publicUrl().isEmpty()
                                    ? " The url is a path: put the server's address before it (or set"
                                            + " plugins.mailbox.public-url)."
                                    : ""));
            return Outcome.done(answer);
        }));
    }

    /**
     * @param actor   the owner
     * @param channel a live hosted channel
     * @return {@code {channel, revoked}}: every view key of the channel revoked (open board sessions stop with them);
     *         NOT_FOUND for an unknown or deleted channel
     */
    public Outcome<Map<String, Object>> revoke(Actor actor, String channel) {
        return registry.write(tx -> ChannelAdministration.live(tx, channel).then(found -> {
            int revoked = tx.revokeViewKeys(found.id());
            tx.audit(actor.name(), "revoke_board_access", channel, null, "revoked " + revoked + " view key(s)");
            Map<String, Object> answer = new LinkedHashMap<>();
            answer.put("channel", channel);
            answer.put("revoked", revoked);
            return Outcome.done(answer);
        }));
    }
}
