/** The pin tools under ai-agent-channel's names: {@code pin_set}, {@code pin_get}, {@code pin_list}, {@code pin_history}. */
package dev.switchboard.plugin.mailbox.pin.adapter.in.tool;
