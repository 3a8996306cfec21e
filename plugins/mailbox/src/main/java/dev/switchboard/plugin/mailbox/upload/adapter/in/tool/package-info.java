/** The upload tools under ai-agent-channel's names: {@code upload_content}, {@code seal_content}, {@code get_content}. */
package dev.switchboard.plugin.mailbox.upload.adapter.in.tool;
