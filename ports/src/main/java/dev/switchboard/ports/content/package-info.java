/** Content blocks that tools and prompts return to clients (MCP 2025-11-25, "Content"). */
package dev.switchboard.ports.content;
