package dev.switchboard.plugin.mailbox.importer.domain;

import java.util.Objects;

import dev.switchboard.plugin.mailbox.channel.domain.Digest;

/**
 * One version of a pinned document ({@code pinned_entries}); the versions are imported in the original's order, which
 * is the history's. Immutable.
 *
 * @param key        the pin's key
 * @param title      its title
 * @param body       its body
 * @param version    the version label (not unique)
 * @param updatedBy  who wrote it
 * @param updatedAt  when
 * @param approvedBy the approving proposal's id, or null
 * @param digest     the body's digest: the file's columns when it has them, else computed from the body (as the
 *                   original's first schema step backfills them)
 */
public record SourcePin(
        String key,
        String title,
        String body,
        String version,
        String updatedBy,
        String updatedAt,
        Long approvedBy,
        Digest digest) {

    /** @throws NullPointerException if a NOT NULL column is null */
    public SourcePin {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(body, "body");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(updatedBy, "updated_by");
        Objects.requireNonNull(updatedAt, "updated_at");
        Objects.requireNonNull(digest, "digest");
    }
}
