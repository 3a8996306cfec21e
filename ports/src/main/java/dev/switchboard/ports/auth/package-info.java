/**
 * Authentication: how a transport turns a caller's credential into a {@link dev.switchboard.ports.call.Principal}.
 * The kernel implements {@link dev.switchboard.ports.auth.Authenticator} (the owner token first, then every started
 * plugin's {@link dev.switchboard.ports.auth.CredentialResolver}, such as the mailbox's channel role tokens and view
 * keys) and hands it to transports in their {@link dev.switchboard.ports.transport.TransportContext}.
 */
package dev.switchboard.ports.auth;
