/** The decision tools under ai-agent-channel's names: {@code acknowledge}, {@code get_acknowledgements}, {@code awaiting_ack}. */
package dev.switchboard.plugin.mailbox.decision.adapter.in.tool;
