package dev.switchboard.ports.call;

import java.util.Map;
import java.util.Objects;

/**
 * Who is calling: resolved by the kernel (or by a transport's authentication) before any handler runs, and passed to
 * every tool call, resource read and prompt request. Immutable and thread-safe.
 *
 * @param id         a stable identifier of the caller, such as {@code local-owner} or a token's id; never a secret
 * @param kind       what the caller may be trusted with
 * @param attributes further facts about the caller (for a channel role: {@code channel}, {@code role}); never null
 */
public record Principal(String id, Kind kind, Map<String, String> attributes) {

    /** The caller of a local stdio session: the owner of the machine that launched the server. */
    public static final Principal LOCAL_OWNER = new Principal("local-owner", Kind.OWNER, Map.of());

    /** The kinds of principal, from most to least trusted. */
    public enum Kind {
        /** The owner of this server: a local stdio session or the owner token. */
        OWNER,
        /** An administrator token. */
        ADMIN,
        /** A role in one mailbox channel. */
        CHANNEL_ROLE,
        /** A read-only viewer. */
        VIEWER
    }

    /** @throws NullPointerException if an argument is null */
    public Principal {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(kind, "kind");
        attributes = Map.copyOf(attributes);
    }
}
