/**
 * The hosted registry's use cases: who may administer (the owner token; a role for its own board links), creating,
 * listing, extending and deleting channels, rotating role tokens, issuing and revoking board access, resolving a
 * presented credential to a principal, and the audit.
 */
package dev.switchboard.plugin.mailbox.hosted.application;
