package dev.switchboard.kernel.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import dev.switchboard.ports.exec.SecretVariables;

/** The declared secret variables: merged across declarations, only ever added, names that cannot exist ignored. */
class SecretVariableRegistryTest {

    @Test
    void startsWithTheOwnerTokenVariableAndMergesTheNamesOfEveryDeclaration() {
        SecretVariableRegistry registry = new SecretVariableRegistry();
        // the README's client configurations take the owner token from SWITCHBOARD_TOKEN (a stdio
        // server started by such a client passed it on to workspace runs)
        assertThat(registry.names()).containsExactly("SWITCHBOARD_TOKEN");

        registry.register(List.of(() -> Set.of("SWITCHBOARD_POSTGRES_PASSWORD")));
        registry.register(
                List.of(() -> Set.of("AI_AGENT_CHANNEL_TOKEN"), () -> Set.of("SWITCHBOARD_POSTGRES_PASSWORD")));

        assertThat(registry.names())
                .containsExactlyInAnyOrder(
                        "SWITCHBOARD_TOKEN", "SWITCHBOARD_POSTGRES_PASSWORD", "AI_AGENT_CHANNEL_TOKEN");
    }

    @Test
    void aNameThatIsNotAVariableNameIsIgnored() {
        SecretVariableRegistry registry = new SecretVariableRegistry();

        registry.register(List.of(() -> Set.of("GOOD_NAME", "BAD-NAME", "9STARTS_WITH_DIGIT", "", "*PASSWORD*")));

        assertThat(registry.names()).containsExactlyInAnyOrder("SWITCHBOARD_TOKEN", "GOOD_NAME");
    }

    @Test
    void aThrowingDeclarationKeepsTheNamesDeclaredBeforeIt() {
        SecretVariableRegistry registry = new SecretVariableRegistry();
        SecretVariables throwing = () -> {
            throw new IllegalStateException("cannot read its setting");
        };

        assertThatThrownBy(() -> registry.register(List.of(() -> Set.of("FIRST_SECRET"), throwing)))
                .isInstanceOf(IllegalStateException.class);

        assertThat(registry.names()).containsExactlyInAnyOrder("SWITCHBOARD_TOKEN", "FIRST_SECRET");
    }
}
