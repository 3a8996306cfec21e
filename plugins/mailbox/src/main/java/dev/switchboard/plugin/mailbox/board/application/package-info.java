/**
 * The board's use cases: opening and checking board sessions (through the hosted registry), and reading the pages'
 * contents, as immutable views, from the mailbox's existing application services in one read transaction each.
 */
package dev.switchboard.plugin.mailbox.board.application;
