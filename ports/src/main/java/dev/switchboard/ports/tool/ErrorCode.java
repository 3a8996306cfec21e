package dev.switchboard.ports.tool;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A stable, machine-readable reason for a tool failure, sent as {@code structuredContent.code} and as the prefix of
 * the error text. Codes are upper snake case. The codes every plugin shares are the constants here; a plugin adds its
 * own (for compatibility with the original servers, such as {@code REVISION_CONFLICT}) and lists them in
 * {@code docs/error-codes.md}. A code never changes meaning once published.
 *
 * @param value the code, matching {@code ^[A-Z][A-Z0-9_]{1,63}$}
 */
public record ErrorCode(String value) {

    private static final Pattern PATTERN = Pattern.compile("^[A-Z][A-Z0-9_]{1,63}$");

    /** The arguments do not match the tool's input schema or its further rules. */
    public static final ErrorCode INVALID_ARGUMENTS = new ErrorCode("INVALID_ARGUMENTS");
    /** A record the call names does not exist. */
    public static final ErrorCode NOT_FOUND = new ErrorCode("NOT_FOUND");
    /** The call conflicts with the current state (a stale revision, a reused key with another payload). */
    public static final ErrorCode CONFLICT = new ErrorCode("CONFLICT");
    /** The caller is not allowed to do this. */
    public static final ErrorCode FORBIDDEN = new ErrorCode("FORBIDDEN");
    /** A size or count limit was exceeded. */
    public static final ErrorCode LIMIT_EXCEEDED = new ErrorCode("LIMIT_EXCEEDED");
    /** A secret was found in content that would be stored or shared. */
    public static final ErrorCode SECRET_DETECTED = new ErrorCode("SECRET_DETECTED");
    /** A dependency (storage, a process, the client) is unavailable; retrying later may succeed. */
    public static final ErrorCode UNAVAILABLE = new ErrorCode("UNAVAILABLE");
    /** The call was cancelled before it finished. */
    public static final ErrorCode CANCELLED = new ErrorCode("CANCELLED");
    /** The call did not finish in time. */
    public static final ErrorCode TIMEOUT = new ErrorCode("TIMEOUT");
    /** A defect in the server; the message carries a correlation id to find the log entry. */
    public static final ErrorCode INTERNAL_ERROR = new ErrorCode("INTERNAL_ERROR");

    /**
     * @throws NullPointerException     if {@code value} is null
     * @throws IllegalArgumentException if {@code value} is not upper snake case
     */
    public ErrorCode {
        Objects.requireNonNull(value, "value");
        if (!PATTERN.matcher(value).matches()) {
            throw new IllegalArgumentException("error code '" + value + "' must match " + PATTERN.pattern());
        }
    }

    /**
     * @param value the code
     * @return the code with that value
     * @throws IllegalArgumentException if {@code value} is not upper snake case
     */
    public static ErrorCode of(String value) {
        return new ErrorCode(value);
    }

    @Override
    public String toString() {
        return value;
    }
}
