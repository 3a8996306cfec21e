/** The wait tools under ai-agent-channel's names. */
package dev.switchboard.plugin.mailbox.wait.adapter.in.tool;
