/**
 * MCP over standard input and output: newline-delimited JSON-RPC on stdin/stdout, one session per process, the
 * caller always the local owner. Built on the MCP Java SDK through the shared bridge
 * ({@code dev.switchboard.bridge.mcp}), with its own transport provider instead of the SDK's stdio provider, which
 * parks requests sent before {@code notifications/initialized}, stops reading at the first malformed line, and keeps
 * the JVM alive after stdin ends.
 *
 * <p>Only {@link dev.switchboard.plugin.transport.stdio.StdioTransportPlugin},
 * {@link dev.switchboard.plugin.transport.stdio.StdioTransportModule} and
 * {@link dev.switchboard.plugin.transport.stdio.StdioTransport} are public.
 */
package dev.switchboard.plugin.transport.stdio;
