/**
 * The handoff model, in plain Java: canonical project keys, per-project sequences, per-consumer cursors, checksums,
 * handoffs with their routes and applied provenance, and the rules of a project merge. No framework, no I/O: every
 * type here is an immutable value or a pure function, so the rules can be read and tested on their own.
 */
package dev.switchboard.plugin.handoff.domain;
