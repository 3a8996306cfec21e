/**
 * Authentication: how a transport turns a caller's credential into a {@link dev.switchboard.ports.call.Principal}.
 * The kernel implements {@link dev.switchboard.ports.auth.Authenticator} (owner token, later channel role tokens) and
 * hands it to transports in their {@link dev.switchboard.ports.transport.TransportContext}.
 */
package dev.switchboard.ports.auth;
