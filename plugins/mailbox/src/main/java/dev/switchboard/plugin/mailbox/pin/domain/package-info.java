/**
 * Pins in plain Java: append-only versions of a channel document, the protected and reserved keys, and the approval
 * algorithm a write to a protected key must pass (seed-features §1C.5), with the optional strict digest rule.
 * Immutable values and pure functions only.
 */
package dev.switchboard.plugin.mailbox.pin.domain;
