/**
 * The board's HTTP endpoints (GET only, {@code Access.HANDLER}): who is looking (owner bearer, view key bearer,
 * {@code cc_board} session, or a nonce to redeem), and the pages rendered by precompiled jte templates.
 */
package dev.switchboard.plugin.mailbox.board.adapter.in.http;
