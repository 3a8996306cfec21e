/** Each role's inbox as an MCP resource that clients can subscribe to (beyond the original, which cannot push). */
package dev.switchboard.plugin.mailbox.orientation.adapter.in.resource;
