/**
 * Uploads in plain Java: a large body built from appended pieces by its owner, sealed to fix its bytes, and the digest
 * (SHA-256, UTF-8 bytes, characters) the mailbox publishes for every body. Immutable values and pure functions only.
 */
package dev.switchboard.plugin.mailbox.upload.domain;
