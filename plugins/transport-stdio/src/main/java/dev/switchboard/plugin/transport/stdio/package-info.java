/**
 * MCP as newline-delimited JSON-RPC over byte streams: the {@code stdio} transport (stdin/stdout, one session per
 * process, the caller the local owner) and the {@code attach} transport (the shared server's Unix domain socket, one
 * session per connection, the caller the attached local owner with its own directory and environment; ADR 32). Both
 * serve each session with the same {@code StdioSession}. Built on the MCP Java SDK through the shared bridge
 * ({@code dev.switchboard.bridge.mcp}), with its own transport provider instead of the SDK's stdio provider, which
 * parks requests sent before {@code notifications/initialized}, stops reading at the first malformed line, and keeps
 * the JVM alive after stdin ends.
 *
 * <p>Only {@link dev.switchboard.plugin.transport.stdio.StdioTransportPlugin},
 * {@link dev.switchboard.plugin.transport.stdio.StdioTransportModule},
 * {@link dev.switchboard.plugin.transport.stdio.StdioTransport} and
 * {@link dev.switchboard.plugin.transport.stdio.AttachTransport} are public.
 */
package dev.switchboard.plugin.transport.stdio;
