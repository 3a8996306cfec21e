package dev.switchboard.plugin.storage.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.ports.exec.SecretVariables;
import dev.switchboard.ports.plugin.PluginContext;
import dev.switchboard.testkit.plugin.ExtensionIndex;

/** The plugin declares the variable its password is read from, so that no run the server starts inherits it. */
class PostgresSecretVariablesTest {

    @TempDir
    Path dir;

    private SecretVariables declared(Map<String, Object> settings) {
        return new PostgresSecretVariables(new PluginContext("storage-postgres", settings, dir));
    }

    @Test
    void withoutPasswordEnvTheDefaultVariableIsDeclared() {
        assertThat(declared(Map.of()).names()).containsExactly("SWITCHBOARD_POSTGRES_PASSWORD");
    }

    @Test
    void aConfiguredPasswordEnvIsDeclaredBesideTheDefault() {
        assertThat(declared(Map.of("url", "jdbc:postgresql://db/sb", "password-env", "TEAM_DB_PASSWORD"))
                        .names())
                .containsExactlyInAnyOrder("TEAM_DB_PASSWORD", "SWITCHBOARD_POSTGRES_PASSWORD");
    }

    @Test
    void aPasswordEnvThatIsNotAVariableNameDeclaresOnlyTheDefault() {
        assertThat(declared(Map.of("password-env", "not a name")).names())
                .containsExactly("SWITCHBOARD_POSTGRES_PASSWORD");
    }

    @Test
    void theDeclarationIsAnIndexedExtension() {
        assertThat(ExtensionIndex.of(PostgresStorageProvider.class).classesOf(SecretVariables.class))
                .containsExactly(PostgresSecretVariables.class);
    }
}
