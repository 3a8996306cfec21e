package dev.switchboard.kernel.exec;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

/**
 * A run never inherits a variable declared as a secret (ADR 30), while the rest of the server's environment reaches
 * it unchanged. Each case starts a separate "server" JVM ({@link SecretEnvRunProcess}) whose environment holds the
 * secrets, which runs {@code env} through the default executor; the test reads what {@code env} printed.
 */
class SecretVariablesStrippedTest {

    private static final String PASSWORD = "pg-password-7f3a";
    private static final String TOKEN = "cct_token-9b2c";

    @Test
    void declaredSecretVariablesDoNotReachARunButTheRestOfTheEnvironmentDoes() throws Exception {
        List<String> env = envOfRun(
                Map.of(
                        "SWITCHBOARD_POSTGRES_PASSWORD", PASSWORD,
                        "AI_AGENT_CHANNEL_TOKEN", TOKEN,
                        "ORDINARY_SETTING", "plain value"),
                "SWITCHBOARD_POSTGRES_PASSWORD,AI_AGENT_CHANNEL_TOKEN");

        assertThat(String.join("\n", env)).doesNotContain(PASSWORD, TOKEN);
        assertThat(env)
                .noneMatch(line -> line.startsWith("SWITCHBOARD_POSTGRES_PASSWORD="))
                .noneMatch(line -> line.startsWith("AI_AGENT_CHANNEL_TOKEN="))
                .contains("ORDINARY_SETTING=plain value", "PATH=" + System.getenv("PATH"))
                .anyMatch(line -> line.startsWith("HOME="))
                .anyMatch(line -> line.startsWith(MarkedProcesses.VARIABLE + "="));
    }

    @Test
    void aConfiguredPasswordVariableIsStrippedAndAnUndeclaredOneIsNot() throws Exception {
        List<String> env = envOfRun(
                Map.of("MY_DB_PASSWORD", PASSWORD, "SWITCHBOARD_POSTGRES_PASSWORD", "not-declared-here"),
                "MY_DB_PASSWORD");

        assertThat(env)
                .noneMatch(line -> line.contains(PASSWORD))
                .contains("SWITCHBOARD_POSTGRES_PASSWORD=not-declared-here");
    }

    @Test
    void aDeclaredVariableTheSpecSetsExplicitlyReachesTheRunWithTheSpecsValue() throws Exception {
        List<String> env = envOfRun(
                Map.of("AI_AGENT_CHANNEL_TOKEN", TOKEN),
                "AI_AGENT_CHANNEL_TOKEN",
                "AI_AGENT_CHANNEL_TOKEN=handed-on-purpose");

        assertThat(env).contains("AI_AGENT_CHANNEL_TOKEN=handed-on-purpose").noneMatch(line -> line.contains(TOKEN));
    }

    private static List<String> envOfRun(Map<String, String> serverEnv, String declared, String... explicit)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                SecretEnvRunProcess.class.getName(),
                declared));
        command.addAll(Arrays.asList(explicit));
        ProcessBuilder builder = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT);
        builder.environment().putAll(serverEnv);
        Process server = builder.start();
        try {
            String out = new String(server.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(server.waitFor(60, TimeUnit.SECONDS))
                    .as("the server JVM ended")
                    .isTrue();
            assertThat(server.exitValue()).as("the server JVM's exit status").isZero();
            return out.lines().toList();
        } finally {
            server.destroyForcibly();
        }
    }
}
