/**
 * The kernel's default secret scanner: a fixed set of regular-expression rules for well-known credential formats
 * (cloud keys, forge tokens, JWTs, PEM private keys, URLs with passwords, Switchboard's own tokens). The kernel binds
 * {@link dev.switchboard.kernel.secrets.DefaultSecretScanner} directly as the
 * {@link dev.switchboard.ports.secrets.SecretScanner} every plugin receives. The rules are documented in
 * {@code docs/secret-rules.md}.
 */
package dev.switchboard.kernel.secrets;
