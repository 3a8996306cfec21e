/**
 * The decision use cases: acknowledging a message, its consent state, what a role still has to decide, which rounds
 * are open on a pin key, and the causal retirement of messages ({@code superseded}). Each runs inside the caller's
 * one mailbox transaction.
 */
package dev.switchboard.plugin.mailbox.decision.application;
