/** The board's rules that need no I/O: session lifetime, page sizes, whose court a debt is in. */
package dev.switchboard.plugin.mailbox.board.domain;
