/** The message tools, one class each, under ai-agent-channel's names. */
package dev.switchboard.plugin.mailbox.message.adapter.in.tool;
