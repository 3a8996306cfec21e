package dev.switchboard.plugin.handoff.application;

import dev.switchboard.ports.tool.ErrorCode;

/**
 * The handoff plugin's own error codes, named as the Frontispice reference names them; where a shared code means
 * the same ({@link ErrorCode#INVALID_ARGUMENTS}, {@link ErrorCode#SECRET_DETECTED}, {@link ErrorCode#CONFLICT},
 * {@link ErrorCode#UNAVAILABLE}) the use cases refuse with that one. Listed in {@code docs/error-codes.md}; a code
 * never changes meaning.
 */
public final class HandoffCodes {

    /** No registered project has that name; {@code details.prompt} asks the user to confirm registering it. */
    public static final ErrorCode PROJECT_UNKNOWN = ErrorCode.of("PROJECT_UNKNOWN");
    /** The name could mean several registered projects; {@code details.prompt} asks the user to pick one. */
    public static final ErrorCode PROJECT_AMBIGUOUS = ErrorCode.of("PROJECT_AMBIGUOUS");
    /** No handoff with that id (or idempotency key) exists in that project. */
    public static final ErrorCode HANDOFF_NOT_FOUND = ErrorCode.of("HANDOFF_NOT_FOUND");
    /** The content is larger than the configured maximum. */
    public static final ErrorCode BODY_TOO_LARGE = ErrorCode.of("BODY_TOO_LARGE");
    /** The cursor would move past the project's latest handoff. */
    public static final ErrorCode CURSOR_BEYOND_LATEST = ErrorCode.of("CURSOR_BEYOND_LATEST");

    private HandoffCodes() {}
}
