/** The board's command-line subcommand: the owner's board link (ADR 69). */
package dev.switchboard.plugin.mailbox.board.adapter.in.cli;
