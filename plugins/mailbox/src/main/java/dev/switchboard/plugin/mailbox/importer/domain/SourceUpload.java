package dev.switchboard.plugin.mailbox.importer.domain;

import java.util.Objects;

import dev.switchboard.plugin.mailbox.channel.domain.Digest;

/**
 * One upload ({@code content_blobs}), its id kept. Immutable.
 *
 * @param id        the upload id
 * @param role      its owner
 * @param label     its label, or null
 * @param body      its text so far
 * @param sealed    whether it is sealed
 * @param digest    sha256 and lengths: the file's when sealed, else computed from the body (an open upload's
 *                  lengths are what it holds so far)
 * @param createdAt when it was started
 * @param sealedAt  when it was sealed, or null
 */
public record SourceUpload(
        long id,
        String role,
        String label,
        String body,
        boolean sealed,
        Digest digest,
        String createdAt,
        String sealedAt) {

    /** @throws NullPointerException if a NOT NULL column is null */
    public SourceUpload {
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(body, "body");
        Objects.requireNonNull(digest, "digest");
        Objects.requireNonNull(createdAt, "created_at");
    }
}
