package dev.switchboard.kernel.exec;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.ports.call.Cancellation;
import dev.switchboard.ports.exec.ProcessSpec;

/**
 * ADR 32: a run of a session attached to a shared server inherits that session's environment, not the server's, and
 * still loses every declared secret variable (ADR 30). Real {@code env} processes through the default executor.
 */
class SessionEnvironmentRunTest {

    @TempDir
    Path dir;

    private final SecretVariableRegistry secrets = new SecretVariableRegistry();
    private final DefaultProcessExecutor executor = new DefaultProcessExecutor(secrets);

    private Map<String, String> envOfRun(Map<String, String> explicit, Map<String, String> session) {
        ProcessSpec spec = new ProcessSpec(List.of("env"), dir, explicit, true, Specs.GENEROUS, 1 << 20, null)
                .inheritingFrom(session);
        return executor.run(spec, Cancellation.NONE)
                .stdout()
                .lines()
                .map(line -> line.split("=", 2))
                .collect(java.util.stream.Collectors.toMap(pair -> pair[0], pair -> pair[1]));
    }

    @Test
    void aRunSeesItsSessionsVariablesAndNoneOfTheServersNorADeclaredSecret() {
        secrets.register(List.of(() -> Set.of("PLUGIN_DECLARED_PASSWORD")));

        Map<String, String> env = envOfRun(
                Map.of("GIT_TERMINAL_PROMPT", "0"),
                Map.of(
                        "PATH",
                        System.getenv("PATH"),
                        "SESSION_ONLY",
                        "from session a",
                        SecretVariableRegistry.OWNER_TOKEN_VARIABLE,
                        "sb_owner-token-value",
                        "PLUGIN_DECLARED_PASSWORD",
                        "pg-password-value"));

        assertThat(env.keySet())
                .as("exactly the session's variables less the secrets, the spec's, and the run marker")
                .containsExactlyInAnyOrder("PATH", "SESSION_ONLY", "GIT_TERMINAL_PROMPT", MarkedProcesses.VARIABLE);
        assertThat(env).containsEntry("SESSION_ONLY", "from session a").containsEntry("GIT_TERMINAL_PROMPT", "0");
        assertThat(env.values()).doesNotContain("sb_owner-token-value", "pg-password-value");
    }

    @Test
    void twoSessionsOnOneExecutorEachSeeTheirOwnValue() {
        Map<String, String> first = envOfRun(Map.of(), Map.of("AI_AGENT_CHANNEL_ROLE", "frontend"));
        Map<String, String> second = envOfRun(Map.of(), Map.of("AI_AGENT_CHANNEL_ROLE", "backend"));

        assertThat(first).containsEntry("AI_AGENT_CHANNEL_ROLE", "frontend");
        assertThat(second).containsEntry("AI_AGENT_CHANNEL_ROLE", "backend");
    }

    @Test
    void theSessionsRunMarkersAreReplacedByTheRunsOwn() {
        Map<String, String> env = envOfRun(
                Map.of(),
                Map.of(
                        MarkedProcesses.VARIABLE, "1-2.stale-marker-of-another-server",
                        MarkedProcesses.LABEL_VARIABLE, "another-run"));

        assertThat(env.get(MarkedProcesses.VARIABLE)).matches("[0-9]+-[0-9]+\\.[0-9a-f-]{36}");
        assertThat(env).doesNotContainKey(MarkedProcesses.LABEL_VARIABLE);
    }
}
