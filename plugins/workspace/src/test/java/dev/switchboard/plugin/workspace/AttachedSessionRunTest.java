package dev.switchboard.plugin.workspace;

import static dev.switchboard.plugin.workspace.WorkspaceHarness.args;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.ports.call.LocalSession;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.testkit.ToolResults;

/**
 * ADR 32: on a shared server, the {@code bash} and {@code git} runs of a local session attached to it inherit that
 * session's environment (less the declared secret variables, ADR 30), not the server's. Two sessions on one plugin
 * test bed, real processes through the kernel's executor.
 */
class AttachedSessionRunTest {

    /** What bash itself sets in every shell, whatever it inherits. */
    private static final Set<String> SET_BY_BASH = Set.of("PWD", "SHLVL", "_", "OLDPWD");

    @TempDir
    Path state;

    @TempDir
    Path home;

    private WorkspaceHarness harness;
    private int keys;

    @BeforeEach
    void start() {
        harness = new WorkspaceHarness(state, home);
    }

    @AfterEach
    void stop() {
        harness.close();
    }

    private Principal session(String... namesAndValues) {
        Map<String, String> environment = new HashMap<>(Map.of("PATH", System.getenv("PATH"), "HOME", home.toString()));
        for (int i = 0; i < namesAndValues.length; i += 2) {
            environment.put(namesAndValues[i], namesAndValues[i + 1]);
        }
        return Principal.attached(new LocalSession(home, environment));
    }

    private String bash(Principal caller, String workspace, String command) {
        Map<String, Object> arguments =
                args("workspace_id", workspace, "request_key", "k" + keys++, "command", command);
        return (String) ToolResults.success(harness.call(caller, "bash", arguments), "bash", arguments)
                .structuredContent()
                .get("output");
    }

    private String open(Principal caller, Path cwd) {
        Map<String, Object> arguments = args("cwd", cwd.toString());
        return (String)
                ToolResults.success(harness.call(caller, "workspace_open", arguments), "workspace_open", arguments)
                        .structuredContent()
                        .get("workspace_id");
    }

    @Test
    @DisplayName("an attached session's bash prints a variable set only in its environment, never a declared secret")
    void bashRunsWithTheSessionsEnvironment() {
        Principal first = session("SESSION_MARK", "first session", "SWITCHBOARD_TOKEN", "sb_secret-of-the-session");
        Principal second = session("SESSION_MARK", "second session");
        String workspace = open(first, home);

        assertThat(bash(first, workspace, "printf '%s|%s' \"$SESSION_MARK\" \"${SWITCHBOARD_TOKEN-unset}\""))
                .isEqualTo("first session|unset");
        assertThat(bash(second, workspace, "printf '%s' \"$SESSION_MARK\"")).isEqualTo("second session");
        assertThat(bash(Principal.LOCAL_OWNER, workspace, "printf '%s' \"${SESSION_MARK-unset}\""))
                .as("the in-process session runs with the server's environment")
                .isEqualTo("unset");

        Set<String> names = bash(second, workspace, "env -0 | tr '\\0' '\\n' | cut -d= -f1")
                .lines()
                .collect(Collectors.toSet());
        assertThat(names)
                .as("nothing of the server's environment but the run's markers")
                .isSubsetOf(union(
                        Set.of("PATH", "HOME", "SESSION_MARK", "SWITCHBOARD_RUN", "SWITCHBOARD_RUN_LABEL"),
                        SET_BY_BASH));
    }

    @Test
    @DisplayName("an attached session's git reads run with its environment")
    void gitRunsWithTheSessionsEnvironment() throws Exception {
        Path project = Files.createDirectory(home.resolve("repo"));
        assertThat(new ProcessBuilder("git", "init", "-q", project.toString())
                        .start()
                        .waitFor(10, TimeUnit.SECONDS))
                .isTrue();
        Map<String, Object> arguments = args("cwd", project.toString());

        Map<String, Object> plain = ToolResults.success(
                        harness.call(session(), "workspace_open", arguments), "workspace_open", arguments)
                .structuredContent();
        Map<String, Object> elsewhere = ToolResults.success(
                        harness.call(
                                session(
                                        "GIT_DIR",
                                        home.resolve("no-such-repository").toString()),
                                "workspace_open",
                                arguments),
                        "workspace_open",
                        arguments)
                .structuredContent();

        assertThat(plain.get("repository")).isInstanceOf(Map.class);
        assertThat(elsewhere)
                .as("the session's GIT_DIR names no repository, so its git finds none")
                .containsEntry("repository", null);
    }

    private static Set<String> union(Set<String> first, Set<String> second) {
        Set<String> all = new java.util.HashSet<>(first);
        all.addAll(second);
        return all;
    }
}
