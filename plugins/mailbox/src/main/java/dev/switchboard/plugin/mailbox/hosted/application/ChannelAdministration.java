package dev.switchboard.plugin.mailbox.hosted.application;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.application.CallerResolver;
import dev.switchboard.plugin.mailbox.channel.domain.MailboxLimits;
import dev.switchboard.plugin.mailbox.hosted.application.port.out.HostedChannel;
import dev.switchboard.plugin.mailbox.hosted.application.port.out.Registry;
import dev.switchboard.plugin.mailbox.hosted.application.port.out.RegistryTx;
import dev.switchboard.plugin.mailbox.hosted.application.port.out.StoredCredential;
import dev.switchboard.plugin.mailbox.hosted.domain.HostedLimits;
import dev.switchboard.plugin.mailbox.hosted.domain.Slugs;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.Refusal;

/**
 * The owner's channel management (§1C.2): {@code create_channel}, {@code list_channels}, {@code add_role},
 * {@code rotate_token} and {@code delete_channel}, each one registry transaction that also writes its audit entry.
 * Role tokens ({@value HostedLimits#ROLE_TOKEN_PREFIX}, 256 random bits) are returned once and stored only as
 * SHA-256 digests. Every method expects an {@link Actor} the caller checked with {@link Administrators#owner}.
 * Thread-safe.
 */
@Singleton
public final class ChannelAdministration {

    /** The note every answer that carries tokens gives. */
    static final String TOKENS_ONCE = "Each token is shown only now (the server keeps only its SHA-256 digest): hand"
            + " each role its own, as Authorization: Bearer <token> in its MCP client's HTTP configuration.";

    private final Registry registry;
    private final String localChannel;

    @Inject
    ChannelAdministration(Registry registry, CallerResolver callers) {
        this.registry = registry;
        this.localChannel = callers.localChannel();
    }

    /**
     * @param actor the owner
     * @param name  a new channel's slug, never used before
     * @param roles its 2..12 distinct role slugs
     * @return {@code {channel, roles, tokens: {role: token}, note}}; INVALID_ARGUMENTS for a bad name or roster;
     *         CONFLICT for a name taken (even by a deleted or local channel), or the local channel's name
     *         ({@value CallerResolver#CHANNEL_SETTING}) whether or not a local session used it yet: a hosted channel of
     *         that name would shut every local stdio session out
     */
    public Outcome<Map<String, Object>> create(Actor actor, String name, List<String> roles) {
        Optional<Refusal> problem = Slugs.check("name", name).or(() -> Slugs.roster(roles));
        if (problem.isPresent()) {
            return problem.get().outcome();
        }
        if (name.equals(localChannel)) {
            return Outcome.refused(Refusal.conflict("'" + name + "' is the local channel's name ("
                    + CallerResolver.CHANNEL_SETTING
                    + "): the local stdio sessions use it, and a hosted channel of that"
                    + " name would shut them out; nothing was created. Pick another name, or set "
                    + CallerResolver.CHANNEL_SETTING + " to another name first"));
        }
        return registry.write(tx -> {
            Optional<HostedChannel> existing = tx.channel(name);
            if (existing.isPresent()) {
                return Outcome.refused(Refusal.conflict("a channel named '" + name + "' "
                        + (existing.get().deleted()
                                ? "existed and was deleted; a deleted channel's name is never reused"
                                : "exists already")
                        + "; nothing was created. Pick another name"));
            }
            long id = tx.insertChannel(name, roles);
            Map<String, String> tokens = new LinkedHashMap<>();
            for (String role : roles) {
                tokens.put(role, mintRoleToken(tx, id, role));
            }
            tx.audit(actor.name(), "create_channel", name, null, "roles: " + String.join(", ", roles));
            Map<String, Object> answer = new LinkedHashMap<>();
            answer.put("channel", name);
            answer.put("roles", roles);
            answer.put("tokens", tokens);
            answer.put("note", TOKENS_ONCE);
            return Outcome.done(answer);
        });
    }

    /**
     * @return {@code {result: [{channel, roles, created_at}]}}: the hosted channels not deleted, by name; never a
     *         token
     */
    public Outcome<Map<String, Object>> list() {
        return registry.read(tx -> {
            List<Map<String, Object>> result = new ArrayList<>();
            for (HostedChannel channel : tx.activeHostedChannels()) {
                Map<String, Object> entry = new LinkedHashMap<>();
                entry.put("channel", channel.name());
                entry.put("roles", channel.roles());
                entry.put("created_at", channel.createdAt());
                result.add(entry);
            }
            return Outcome.done(Map.of("result", result));
        });
    }

    /**
     * @param actor   the owner
     * @param channel a live hosted channel
     * @param role    a new role slug
     * @return {@code {channel, role, token, roles, note}}; NOT_FOUND for an unknown or deleted channel; CONFLICT for
     *         an existing role or a channel with 12 roles
     */
    public Outcome<Map<String, Object>> addRole(Actor actor, String channel, String role) {
        Optional<Refusal> slug = Slugs.check("role", role);
        if (slug.isPresent()) {
            return slug.get().outcome();
        }
        return registry.write(tx -> live(tx, channel).then(found -> {
            if (found.roles().contains(role)) {
                return Outcome.refused(Refusal.conflict("channel '" + channel + "' has a role '" + role
                        + "' already; nothing was added. rotate_token gives it a fresh token"));
            }
            if (found.roles().size() >= MailboxLimits.ROLES_MAX) {
                return Outcome.refused(Refusal.conflict("channel '" + channel + "' has "
                        + found.roles().size()
                        + " roles, the most a channel can have (" + MailboxLimits.ROLES_MAX + "); nothing was"
                        + " added. Create another channel for more roles"));
            }
            List<String> roles = new ArrayList<>(found.roles());
            roles.add(role);
            tx.updateRoles(found.id(), roles);
            String token = mintRoleToken(tx, found.id(), role);
            tx.audit(actor.name(), "add_role", channel, role, null);
            Map<String, Object> answer = new LinkedHashMap<>();
            answer.put("channel", channel);
            answer.put("role", role);
            answer.put("token", token);
            answer.put("roles", roles);
            answer.put(
                    "note",
                    TOKENS_ONCE + " The new role reads the whole history, and its agreement is needed in future"
                            + " rounds addressed to every role.");
            return Outcome.done(answer);
        }));
    }

    /**
     * @param actor   the owner
     * @param channel a live hosted channel
     * @param role    one of its roles
     * @return {@code {channel, role, token, revoked, note}}: the role's old tokens and the view keys they issued are
     *         revoked (they fail at once); NOT_FOUND for an unknown channel or role
     */
    public Outcome<Map<String, Object>> rotate(Actor actor, String channel, String role) {
        return registry.write(tx -> live(tx, channel).then(found -> {
            if (!found.roles().contains(role)) {
                return Outcome.refused(Refusal.notFound("channel '" + channel + "' has no role '" + role + "' (its"
                        + " roles: " + String.join(", ", found.roles()) + "); nothing was rotated"));
            }
            int revoked = tx.revokeRole(found.id(), role);
            tx.credentialsRevoked(found.id());
            String token = mintRoleToken(tx, found.id(), role);
            tx.audit(actor.name(), "rotate_token", channel, role, "revoked " + revoked + " credential(s)");
            Map<String, Object> answer = new LinkedHashMap<>();
            answer.put("channel", channel);
            answer.put("role", role);
            answer.put("token", token);
            answer.put("revoked", revoked);
            answer.put(
                    "note",
                    "The role's earlier tokens and the board view keys they issued stopped working now. "
                            + TOKENS_ONCE);
            return Outcome.done(answer);
        }));
    }

    /**
     * @param actor   the owner
     * @param channel a live hosted channel
     * @return {@code {channel, deleted_at, revoked, note}}: every token and view key revoked, the channel hidden, its
     *         messages kept and its name never reused; NOT_FOUND for an unknown or deleted channel
     */
    public Outcome<Map<String, Object>> delete(Actor actor, String channel) {
        return registry.write(tx -> live(tx, channel).then(found -> {
            int revoked = tx.revokeChannel(found.id());
            tx.markDeleted(found.id());
            tx.credentialsRevoked(found.id());
            tx.audit(actor.name(), "delete_channel", channel, null, "revoked " + revoked + " credential(s)");
            Map<String, Object> answer = new LinkedHashMap<>();
            answer.put("channel", channel);
            answer.put("deleted_at", tx.now());
            answer.put("revoked", revoked);
            answer.put(
                    "note",
                    "Its tokens and view keys stopped working now; its messages stay in the store, and its name"
                            + " cannot be used again.");
            return Outcome.done(answer);
        }));
    }

    /**
     * @return the live hosted channel named {@code name}, or NOT_FOUND (unknown, local, or deleted)
     */
    static Outcome<HostedChannel> live(RegistryTx tx, String name) {
        Optional<HostedChannel> found = tx.channel(name).filter(HostedChannel::hosted);
        if (found.isEmpty()) {
            return Outcome.refused(Refusal.notFound(
                    "there is no hosted channel named '" + name + "'; list_channels lists them; nothing was done"));
        }
        if (found.get().deleted()) {
            return Outcome.refused(Refusal.notFound(
                    "channel '" + name + "' was deleted at " + found.get().deletedAt() + "; nothing was done"));
        }
        return Outcome.done(found.get());
    }

    private static String mintRoleToken(RegistryTx tx, long channelId, String role) {
        String token = Secrets.mint(HostedLimits.ROLE_TOKEN_PREFIX);
        tx.insertCredential(Secrets.sha256Hex(token), StoredCredential.ROLE, channelId, role, "owner", null, null);
        return token;
    }
}
