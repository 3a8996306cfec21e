/**
 * The hosted {@code GET /status[?wait=N]} long poll (§1C.8): a role token's channel
 * summary (channel_status's, without recording anything) plus its open debts as headers and what is actionable, held
 * until something is or the wait ends, woken by the channel's change signal (on any node) through the wait
 * capability's loop. Held polls are capped in total and per token.
 */
package dev.switchboard.plugin.mailbox.status;
