package dev.switchboard.plugin.mailbox.channel.domain;

import java.util.Objects;

/**
 * Why a mailbox rule refused something, in plain Java (the application turns it into the tool's refusal). The
 * message names the cause and the way out, as every refusal of the original does. Immutable.
 *
 * @param kind    which family of refusal it is
 * @param field   the argument at fault, or null when the refusal is about state
 * @param message what is wrong and what to do instead
 */
public record Problem(Kind kind, String field, String message) {

    /** The families of refusal: they become the stable error codes of docs/error-codes.md. */
    public enum Kind {
        /** Bad input (the original's {@code ValueError} about an argument): INVALID_ARGUMENTS. */
        INVALID,
        /** A refused state change (the original's {@code ValueError} about state): CONFLICT. */
        CONFLICT,
        /** Acting outside one's role (the original's {@code PermissionError}): FORBIDDEN. */
        FORBIDDEN,
        /** A message or record that does not exist (or was deleted): NOT_FOUND. */
        NOT_FOUND,
        /** A role argument that names no role of the channel: UNKNOWN_ROLE (never an empty answer). */
        UNKNOWN_ROLE
    }

    /** @throws NullPointerException if {@code kind} or {@code message} is null */
    public Problem {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(message, "message");
    }

    /** @return bad input in {@code field} */
    public static Problem invalid(String field, String message) {
        return new Problem(Kind.INVALID, field, message);
    }

    /** @return a refused state change */
    public static Problem conflict(String message) {
        return new Problem(Kind.CONFLICT, null, message);
    }

    /** @return an action outside the caller's role */
    public static Problem forbidden(String message) {
        return new Problem(Kind.FORBIDDEN, null, message);
    }

    /** @return a role argument in {@code field} that names no role of the channel */
    public static Problem unknownRole(String field, String message) {
        return new Problem(Kind.UNKNOWN_ROLE, field, message);
    }

    /** @return a missing record */
    public static Problem notFound(String message) {
        return new Problem(Kind.NOT_FOUND, null, message);
    }
}
