package dev.switchboard.ports.exec;

import java.util.Set;

import org.pf4j.ExtensionPoint;

/**
 * Names the environment variables that hold secrets the server reads (a password, a token), so that no process the
 * kernel's {@link ProcessExecutor} starts inherits them: the executor removes every declared name from a child's
 * environment unless its {@link ProcessSpec#environment()} sets that name explicitly. Nothing else about the
 * inherited environment changes. A plugin contributes it as an extension (at most a handful of names, each an exact
 * variable name, no pattern); the kernel reads it once, when the plugin's contributions are registered (phase two,
 * before its storage is opened), and keeps the names for the rest of the process even if the plugin fails later,
 * since the variable stays in the server's environment either way (ADR 30).
 *
 * <p>Implementations are called once from the boot thread and MUST NOT throw for a setting they cannot read: a name
 * the plugin would not read is simply not declared.
 */
public interface SecretVariables extends ExtensionPoint {

    /**
     * @return the exact names of the environment variables (such as {@code SWITCHBOARD_POSTGRES_PASSWORD}) whose
     *         values are secrets this plugin may read; empty when none
     */
    Set<String> names();
}
