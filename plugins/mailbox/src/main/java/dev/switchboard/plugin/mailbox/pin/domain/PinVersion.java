package dev.switchboard.plugin.mailbox.pin.domain;

import java.util.Objects;

import dev.switchboard.plugin.mailbox.channel.domain.Digest;

/**
 * One version of a pin. Versions are appended, never changed; history order is authoritative and a version label is
 * not unique. Immutable.
 *
 * @param key        the pin key, at most {@link PinKeys#KEY_MAX} characters
 * @param title      at most {@link PinKeys#TITLE_MAX} characters
 * @param body       the document
 * @param version    the writer's label, at most {@link PinKeys#VERSION_MAX} characters
 * @param updatedBy  the writing role
 * @param updatedAt  ISO-8601 UTC milliseconds
 * @param approvedBy the approving proposal's id, or null
 * @param digest     the body's digest
 */
public record PinVersion(
        String key,
        String title,
        String body,
        String version,
        String updatedBy,
        String updatedAt,
        Long approvedBy,
        Digest digest) {

    /** @throws NullPointerException if a required component is null */
    public PinVersion {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(body, "body");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(updatedBy, "updatedBy");
        Objects.requireNonNull(updatedAt, "updatedAt");
        Objects.requireNonNull(digest, "digest");
    }

    /**
     * @param whole the version's body, as stored
     * @return this version with that body (a version read without its body, then shown with it)
     */
    public PinVersion withBody(String whole) {
        return new PinVersion(key, title, whole, version, updatedBy, updatedAt, approvedBy, digest);
    }
}
