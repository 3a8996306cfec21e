/**
 * Authentication of network callers: the owner token (generated on first use into an owner-only file, kept in memory
 * only as a SHA-256 digest, compared in constant time), the {@link dev.switchboard.kernel.auth.TokenStore} sources a
 * presented token is looked up in, the kernel's {@link dev.switchboard.ports.auth.Authenticator}, and the start-up
 * checks that refuse an exposed token file or an unauthenticated non-loopback listener. Tokens are never logged or
 * printed; messages name files, never their contents.
 */
package dev.switchboard.kernel.auth;
