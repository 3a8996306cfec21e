package dev.switchboard.plugin.mailbox.upload.domain;

import java.util.Objects;
import java.util.Optional;

import dev.switchboard.plugin.mailbox.channel.domain.Digest;
import dev.switchboard.plugin.mailbox.channel.domain.MailboxLimits;

/**
 * An upload: a body of at most {@link #MAX_BYTES} bytes of UTF-8, built by its owner in appended pieces until sealed.
 * Sealing fixes the bytes, so the published digest stays true; only a sealed upload can be a message's or pin's
 * {@code body_ref}. Immutable and thread-safe.
 *
 * @param id        per channel, from 1
 * @param owner     the role that created it, the only one that may append or seal
 * @param label     the owner's label (at most {@link #LABEL_MAX} characters), or null
 * @param body      the text so far
 * @param sealed    whether the bytes are fixed
 * @param createdAt ISO-8601 UTC milliseconds
 * @param sealedAt  when it was sealed, or null
 */
public record Upload(
        long id, String owner, String label, String body, boolean sealed, String createdAt, String sealedAt) {

    /** The most an upload may hold, in UTF-8 bytes: 8 MiB (seed-features §1C.2, "Large bodies"). */
    public static final long MAX_BYTES = MailboxLimits.UPLOAD_BYTES;

    /** The longest label, in characters (seed-features §2.5). */
    public static final int LABEL_MAX = MailboxLimits.LABEL_CHARS;

    /** @throws NullPointerException if a required component is null */
    public Upload {
        Objects.requireNonNull(owner, "owner");
        Objects.requireNonNull(body, "body");
        Objects.requireNonNull(createdAt, "createdAt");
    }

    /** Why an append or a seal is not allowed. */
    public enum Problem {
        /** The caller is not the owner (a permission error). */
        NOT_OWNER,
        /** The upload is sealed; its bytes cannot change. */
        SEALED,
        /** The append would take the upload past {@link #MAX_BYTES}. */
        TOO_LARGE
    }

    /**
     * @param role the caller
     * @param text the piece to append
     * @return why {@code role} may not append {@code text}, checked in that order (owner, sealed, size), or empty
     */
    public Optional<Problem> appendProblem(String role, String text) {
        if (!owner.equals(role)) {
            return Optional.of(Problem.NOT_OWNER);
        }
        if (sealed) {
            return Optional.of(Problem.SEALED);
        }
        if (!fits(utf8Bytes(body) + utf8Bytes(text))) {
            return Optional.of(Problem.TOO_LARGE);
        }
        return Optional.empty();
    }

    /**
     * @param text the piece, already checked with {@link #appendProblem}
     * @return this upload with {@code text} at its end
     */
    public Upload appended(String text) {
        return new Upload(id, owner, label, body + text, sealed, createdAt, sealedAt);
    }

    /**
     * @param at ISO-8601 UTC milliseconds
     * @return this upload sealed at {@code at}, or this upload when it is sealed already (sealing twice is harmless)
     */
    public Upload seal(String at) {
        return sealed ? this : new Upload(id, owner, label, body, true, createdAt, at);
    }

    /** @return the digest of the body so far */
    public Digest digest() {
        return Digest.of(body);
    }

    /**
     * @param totalBytes an upload's size in UTF-8 bytes
     * @return whether an upload may be that large
     */
    public static boolean fits(long totalBytes) {
        return totalBytes <= MAX_BYTES;
    }

    /**
     * @param text well-formed text (lone surrogates are refused before any length is taken)
     * @return its length in UTF-8 bytes, counted without encoding it
     */
    public static long utf8Bytes(String text) {
        long bytes = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x80) {
                bytes += 1;
            } else if (c < 0x800) {
                bytes += 2;
            } else if (Character.isHighSurrogate(c)
                    && i + 1 < text.length()
                    && Character.isLowSurrogate(text.charAt(i + 1))) {
                bytes += 4;
                i++;
            } else {
                bytes += 3;
            }
        }
        return bytes;
    }
}
