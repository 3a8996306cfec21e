/**
 * The read-only board for humans (§1C.8): HTML pages over the mailbox's own application
 * services (channel status, open obligations, awaiting decisions, acknowledgements, pins, threads), served through the
 * kernel's endpoint seam (ADR 8) and opened with a board link's single-use nonce, which becomes a {@code cc_board}
 * session cookie (ADR 21).
 */
package dev.switchboard.plugin.mailbox.board;
