/** The cleanup tools under ai-agent-channel's names: {@code backfill_superseded}, {@code undo_backfill}. */
package dev.switchboard.plugin.mailbox.cleanup.adapter.in.tool;
