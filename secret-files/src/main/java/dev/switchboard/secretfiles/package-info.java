/**
 * The owner-only secret-file rule, shared by the kernel and the plugins: {@link dev.switchboard.secretfiles.SecretFile}.
 * Depends on the JDK only, and on no Switchboard module.
 */
package dev.switchboard.secretfiles;
