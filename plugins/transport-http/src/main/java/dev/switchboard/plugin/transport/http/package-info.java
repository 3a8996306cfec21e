/**
 * MCP streamable HTTP on Helidon SE: {@code POST}, {@code GET} and {@code DELETE} on {@code /mcp}, plus
 * {@code /healthz} and {@code /readyz}. The MCP Java SDK's streamable session machinery does the protocol through
 * the shared bridge ({@code dev.switchboard.bridge.mcp}); this package implements the SDK's transport provider on
 * Helidon routing (the SDK's own HTTP providers need a servlet container) and adds what the SDK leaves to
 * transports: Host and Origin allowlists, bearer authentication through the kernel's
 * {@link dev.switchboard.ports.auth.Authenticator}, sessions bound to principals with a limit and idle expiry,
 * body size, content-type, accept and nesting limits, heartbeats that reveal vanished clients, and draining at
 * shutdown.
 *
 * <p>Helidon logs through {@code java.util.logging}, whose default handler writes to standard error; nothing here
 * writes to standard output.
 *
 * <p>Only {@link dev.switchboard.plugin.transport.http.HttpTransportPlugin},
 * {@link dev.switchboard.plugin.transport.http.HttpTransportModule} and
 * {@link dev.switchboard.plugin.transport.http.HttpTransport} are public.
 */
package dev.switchboard.plugin.transport.http;
