/**
 * Hosted channels: channels on the server's store whose roles are registered, each role reached
 * over HTTP with its own token; the registry of role tokens, view keys and board nonces (SHA-256 digests only); the
 * owner's management tools; the credential resolver the kernel asks for {@code cct_} and {@code ccv_} tokens; the
 * audit of management actions and token use.
 */
package dev.switchboard.plugin.mailbox.hosted;
