/**
 * Decisions in plain Java: the four decisions a role records on a message, which votes still count after a revision
 * (quenching), who a round's electorate is, when a {@code void} closes a round, and the tally every view of a proposal
 * carries. Immutable values and pure functions only.
 */
package dev.switchboard.plugin.mailbox.decision.domain;
