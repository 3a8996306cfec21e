package dev.switchboard.secretfiles;

import java.nio.file.Path;
import java.util.Objects;

/**
 * Why {@link SecretFile#readOwnerOnly(Path, int)} refused a file: the {@link #reason() rule} it breaks and a short
 * {@link #detail() phrase} saying how ("is owned by alice, not by bob"). The message is "{@code FILE DETAIL}"; it never
 * holds the file's content. Immutable.
 */
public final class SecretFileRefusal extends Exception {

    private static final long serialVersionUID = 1L;

    /** The rule a secret file breaks. */
    public enum Reason {
        /** No file at that path. */
        MISSING,
        /** The path is a symbolic link (never followed). */
        LINK,
        /** A directory, FIFO, device or socket, or a file replaced while it was opened. */
        NOT_REGULAR,
        /** Owned by another user than the one running the process. */
        OWNER,
        /** Group or others have a permission bit. */
        MODE_BITS,
        /** Larger than the caller's cap. */
        TOO_LARGE,
        /** Its attributes or content cannot be read (permission denied, I/O error, no POSIX attributes). */
        UNREADABLE,
        /** Its content is not valid UTF-8. */
        NOT_UTF8,
        /** Empty, or only white space. */
        EMPTY
    }

    private final transient Path file;
    private final Reason reason;
    private final String detail;

    SecretFileRefusal(Path file, Reason reason, String detail) {
        super(file + " " + detail);
        this.file = Objects.requireNonNull(file, "file");
        this.reason = Objects.requireNonNull(reason, "reason");
        this.detail = Objects.requireNonNull(detail, "detail");
    }

    /** @return the refused file, as given */
    public Path file() {
        return file;
    }

    /** @return the rule it breaks */
    public Reason reason() {
        return reason;
    }

    /** @return how it breaks it, a phrase to follow the file's name ("is empty") */
    public String detail() {
        return detail;
    }
}
