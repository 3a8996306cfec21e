/**
 * Transports: driving adapters that expose the kernel's tools, resources and prompts to clients (MCP over stdio, MCP
 * streamable HTTP). The kernel starts and stops them.
 */
package dev.switchboard.ports.transport;
