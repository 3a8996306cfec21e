/**
 * The shared MCP mapping library: builds an MCP Java SDK server around a transport provider and maps the kernel's
 * ports (tools, resources, prompts, results, call channels) to and from the SDK's wire records.
 *
 * <p>Only transports use this package. Its public surface is {@link dev.switchboard.bridge.mcp.McpServerAssembly},
 * {@link dev.switchboard.bridge.mcp.McpServerHandle}, {@link dev.switchboard.bridge.mcp.PrincipalResolver} and
 * {@link dev.switchboard.bridge.mcp.RequestContexts}, plus the transport plumbing of
 * {@link dev.switchboard.bridge.mcp.transport}; everything else is package-private. SDK and Reactor types appear
 * only in the signatures transports need (transport providers, transport contexts); feature plugins never see them.
 */
package dev.switchboard.bridge.mcp;
