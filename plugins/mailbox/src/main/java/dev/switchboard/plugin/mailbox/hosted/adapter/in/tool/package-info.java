/**
 * The owner's management tools under ai-agent-channel's names ({@code create_channel}, {@code list_channels},
 * {@code add_role}, {@code rotate_token}, {@code board_link}, {@code revoke_board_access}, {@code delete_channel}) and
 * {@code list_audit_events}, listed to the owner token (and {@code board_link} to a role token) only.
 */
package dev.switchboard.plugin.mailbox.hosted.adapter.in.tool;
