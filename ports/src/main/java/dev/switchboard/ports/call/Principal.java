package dev.switchboard.ports.call;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Who is calling: resolved by the kernel (or by a transport's authentication) before any handler runs, and passed to
 * every tool call, resource read and prompt request. Immutable and thread-safe.
 *
 * <p>A local owner is the user of the machine in a local stdio session: either the in-process session
 * ({@link #LOCAL_OWNER}) or a session attached to a shared server ({@link #attached}), which also carries its own
 * process's directory and environment. Both are {@link #isLocalOwner()}; compare with that, never with
 * {@code equals(LOCAL_OWNER)}, which an attached session is not (ADR 32).
 *
 * @param id           a stable identifier of the caller, such as {@code local-owner} or a token's id; never a secret
 * @param kind         what the caller may be trusted with
 * @param attributes   further facts about the caller (for a channel role: {@code channel}, {@code role}); never null
 * @param localSession the attached session's directory and environment, present only for a principal made by
 *                     {@link #attached}; never null
 */
public record Principal(String id, Kind kind, Map<String, String> attributes, Optional<LocalSession> localSession) {

    /** The {@link #id} of every local owner, in-process or attached. */
    public static final String LOCAL_OWNER_ID = "local-owner";

    /** The caller of the in-process local stdio session: the owner of the machine that launched the server. */
    public static final Principal LOCAL_OWNER = new Principal(LOCAL_OWNER_ID, Kind.OWNER, Map.of());

    /** The kinds of principal, from most to least trusted. */
    public enum Kind {
        /** The owner of this server: a local stdio session (in-process or attached) or the owner token. */
        OWNER,
        /** An administrator token. */
        ADMIN,
        /** A role in one mailbox channel. */
        CHANNEL_ROLE,
        /** A read-only viewer. */
        VIEWER
    }

    /**
     * @throws NullPointerException     if an argument is null
     * @throws IllegalArgumentException if {@code localSession} is present on anything but a local owner (id
     *                                  {@value #LOCAL_OWNER_ID}, kind {@link Kind#OWNER}, no attributes)
     */
    public Principal {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(kind, "kind");
        attributes = Map.copyOf(attributes);
        Objects.requireNonNull(localSession, "localSession");
        if (localSession.isPresent() && !(id.equals(LOCAL_OWNER_ID) && kind == Kind.OWNER && attributes.isEmpty())) {
            throw new IllegalArgumentException("only a local owner (" + LOCAL_OWNER_ID + ", OWNER, no attributes)"
                    + " carries a local session, not " + id + " (" + kind + ")");
        }
    }

    /**
     * A principal without a local session: the in-process session's, or one a network transport resolved.
     *
     * @param id         a stable identifier of the caller; never a secret
     * @param kind       what the caller may be trusted with
     * @param attributes further facts about the caller
     * @throws NullPointerException if an argument is null
     */
    public Principal(String id, Kind kind, Map<String, String> attributes) {
        this(id, kind, attributes, Optional.empty());
    }

    /**
     * The caller of a local stdio session attached to a shared server: a local owner (id {@value #LOCAL_OWNER_ID},
     * kind {@link Kind#OWNER}, no attributes) with the session's own directory and environment.
     *
     * @param session the attaching process's directory and environment
     * @return the principal; equal to another only when their sessions are equal
     * @throws NullPointerException if {@code session} is null
     */
    public static Principal attached(LocalSession session) {
        return new Principal(LOCAL_OWNER_ID, Kind.OWNER, Map.of(), Optional.of(session));
    }

    /**
     * @return true for {@link #LOCAL_OWNER} and every {@linkplain #attached attached} principal: the user of the
     *         machine in a local stdio session; false for the owner token over a network and every other caller
     */
    public boolean isLocalOwner() {
        return localSession.isPresent() || equals(LOCAL_OWNER);
    }
}
