/** The work tools under ai-agent-channel's names: one class per tool, each a thin call into a work use case. */
package dev.switchboard.plugin.mailbox.work.adapter.in.tool;
