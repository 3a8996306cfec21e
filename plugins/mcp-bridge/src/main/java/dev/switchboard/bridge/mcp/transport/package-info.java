/**
 * The plumbing every transport plugin composes instead of copying: JSON-RPC decoding with one set of error classes
 * ({@link dev.switchboard.bridge.mcp.transport.JsonRpcDecoder}, {@link dev.switchboard.bridge.mcp.transport.JsonRpcErrors}),
 * the request security gate of network transports ({@link dev.switchboard.bridge.mcp.transport.AccessGate}: the
 * {@code Host}/{@code Origin} allowlist of {@link dev.switchboard.bridge.mcp.transport.OriginPolicy}, bearer tokens
 * through the kernel's {@code Authenticator} in
 * {@link dev.switchboard.bridge.mcp.transport.BearerAuthentication}), the ids of requests in flight
 * ({@link dev.switchboard.bridge.mcp.transport.InFlightIds}) and the rate-limited log of client mistakes
 * ({@link dev.switchboard.bridge.mcp.transport.ClientMistakes}). Free of any HTTP library: a transport passes header
 * values and bytes, and writes the answers in its own terms. See {@code docs/adr/0009-shared-transport-plumbing.md}.
 */
package dev.switchboard.bridge.mcp.transport;
