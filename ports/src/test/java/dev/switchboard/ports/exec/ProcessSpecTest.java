package dev.switchboard.ports.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** ADR 32: a run can inherit a local session's environment instead of the server's. */
class ProcessSpecTest {

    private static final Path CWD = Path.of("/work");
    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    @Test
    void theEarlierConstructorsInheritTheServersEnvironment() {
        ProcessSpec seven = new ProcessSpec(List.of("env"), CWD, Map.of(), true, TIMEOUT, 1024, null);
        ProcessSpec eight = new ProcessSpec(List.of("env"), CWD, Map.of(), true, TIMEOUT, 1024, null, "run-1");

        assertThat(seven.inheritedEnvironment()).isNull();
        assertThat(eight.inheritedEnvironment()).isNull();
        assertThat(eight.label()).isEqualTo("run-1");
    }

    @Test
    void inheritingFromASessionsEnvironmentKeepsEverythingElse() {
        ProcessSpec spec = new ProcessSpec(
                List.of("env"), CWD, Map.of("GIT_TERMINAL_PROMPT", "0"), false, TIMEOUT, 1024, null, "run-1");

        ProcessSpec session = spec.inheritingFrom(Map.of("HOME", "/home/dev", "ROLE", "frontend"));

        assertThat(session.inheritedEnvironment())
                .containsExactlyInAnyOrderEntriesOf(Map.of("HOME", "/home/dev", "ROLE", "frontend"));
        assertThat(session.inheritEnvironment()).isTrue();
        assertThat(session.environment()).containsExactly(Map.entry("GIT_TERMINAL_PROMPT", "0"));
        assertThat(session.command()).containsExactly("env");
        assertThat(session.label()).isEqualTo("run-1");
        assertThat(session.timeout()).isEqualTo(TIMEOUT);
    }

    @Test
    void anInheritedEnvironmentWithoutInheritingIsRefused() {
        assertThatThrownBy(() -> new ProcessSpec(
                        List.of("env"), CWD, Map.of(), false, TIMEOUT, 1024, null, null, Map.of("A", "b")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("inheritEnvironment");
    }

    @Test
    void theTextNamesNoInheritedValue() {
        ProcessSpec spec = new ProcessSpec(List.of("env"), CWD, Map.of(), true, TIMEOUT, 1024, null)
                .inheritingFrom(Map.of("SWITCHBOARD_TOKEN", "sb_secret-value", "HOME", "/h"));

        assertThat(spec.toString()).doesNotContain("sb_secret-value").contains("inheritedEnvironment=2 variables");
    }
}
