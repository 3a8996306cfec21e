package dev.switchboard.plugin.mailbox.cleanup.domain;

/**
 * A pin key's current version, as the cleanup reads it. Immutable.
 *
 * @param key       the key
 * @param version   the current version's label
 * @param updatedAt when it was written
 * @param updatedBy who wrote it: the key's owner
 */
public record PinHead(String key, String version, String updatedAt, String updatedBy) {}
