/**
 * The upload use cases: start or append to an upload, seal it, read it back, and resolve a {@code body_ref} to a
 * sealed upload's text for the other capabilities. Each runs inside the caller's one mailbox transaction.
 */
package dev.switchboard.plugin.mailbox.upload.application;
