/** The search capability's tool, {@code search_messages}. */
package dev.switchboard.plugin.mailbox.search.adapter.in.tool;
