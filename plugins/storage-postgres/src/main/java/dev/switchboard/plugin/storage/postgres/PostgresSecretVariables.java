package dev.switchboard.plugin.storage.postgres;

import java.util.Set;
import java.util.TreeSet;

import jakarta.inject.Inject;

import org.pf4j.Extension;

import dev.switchboard.ports.exec.SecretVariables;
import dev.switchboard.ports.plugin.PluginContext;

/**
 * Declares the environment variable the database password is read from ({@code plugins.storage-postgres.password-env},
 * by default {@code SWITCHBOARD_POSTGRES_PASSWORD}, which is declared as well when another name is configured), so that the processes the server runs never inherit it (ADR 30).
 * Declared whether or not this backend is selected: the variable is in the server's environment either way. Immutable.
 */
@Extension
public final class PostgresSecretVariables implements SecretVariables {

    private final Set<String> names;

    /** @param context the plugin's settings */
    @Inject
    public PostgresSecretVariables(PluginContext context) {
        // the default name too when another is configured: an operator who renamed the variable may still export
        // the old one
        Set<String> declared = new TreeSet<>(Set.of(PostgresSettings.DEFAULT_PASSWORD_ENV));
        PostgresSettings.declaredPasswordVariable(context.settings()).ifPresent(declared::add);
        names = Set.copyOf(declared);
    }

    @Override
    public Set<String> names() {
        return names;
    }
}
