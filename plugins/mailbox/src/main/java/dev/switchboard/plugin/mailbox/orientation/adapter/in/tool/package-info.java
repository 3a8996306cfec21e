/** The orientation tools under ai-agent-channel's names: status, roster, build facts, the protocol and a charter. */
package dev.switchboard.plugin.mailbox.orientation.adapter.in.tool;
