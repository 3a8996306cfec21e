package dev.switchboard.plugin.workspace.application;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.inject.Inject;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.switchboard.ports.call.Cancellation;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.exec.ProcessExecutor;
import dev.switchboard.ports.exec.ProcessOutcome;
import dev.switchboard.ports.exec.ProcessSpec;
import dev.switchboard.ports.exec.ProcessStartException;

/**
 * The Git state of a directory, through {@code git} run by the kernel's process executor with
 * {@code --no-optional-locks} (so looking never takes the index lock) and a 5 s timeout: {@code root}, {@code head},
 * {@code branch} (null when detached or unborn), {@code dirty}. Not a repository, no {@code git}, or a timeout all
 * give null. An attached local session's {@code git} runs with that session's environment ({@link CallerEnvironment}:
 * its {@code GIT_*} variables, its {@code HOME}'s configuration). Thread-safe.
 */
final class GitState {

    private static final Logger LOG = LoggerFactory.getLogger(GitState.class);
    private static final Duration TIMEOUT = Duration.ofSeconds(5);
    private static final int CAP = 256 * 1024;

    private final ProcessExecutor executor;

    @Inject
    GitState(ProcessExecutor executor) {
        this.executor = executor;
    }

    /**
     * @param cwd    a real directory
     * @param caller who asks
     * @return {root, head, branch, dirty}, or null when cwd is not in a Git work tree
     */
    Map<String, Object> of(Path cwd, Principal caller) {
        String root = git(cwd, caller, "rev-parse", "--show-toplevel");
        if (root == null) {
            return null;
        }
        String status = git(cwd, caller, "status", "--porcelain=v2", "--branch");
        String head = null;
        String branch = null;
        boolean dirty = false;
        for (String line : status == null ? new String[0] : status.split("\n")) {
            if (line.startsWith("# branch.oid ")) {
                head = line.substring(13).equals("(initial)") ? null : line.substring(13);
            } else if (line.startsWith("# branch.head ")) {
                branch = line.substring(14).equals("(detached)") ? null : line.substring(14);
            } else if (!line.isBlank() && !line.startsWith("#")) {
                dirty = true;
            }
        }
        Map<String, Object> state = new LinkedHashMap<>();
        state.put("root", root);
        state.put("head", head);
        state.put("branch", branch);
        state.put("dirty", dirty);
        return state;
    }

    private String git(Path cwd, Principal caller, String... args) {
        List<String> command = new java.util.ArrayList<>(List.of("git", "--no-optional-locks"));
        command.addAll(List.of(args));
        try {
            ProcessOutcome outcome = executor.run(
                    CallerEnvironment.of(
                            new ProcessSpec(command, cwd, Map.of("GIT_TERMINAL_PROMPT", "0"), true, TIMEOUT, CAP, null),
                            caller),
                    Cancellation.NONE);
            if (outcome.termination() != ProcessOutcome.Termination.EXITED || outcome.exitCode() != 0) {
                return null;
            }
            return outcome.stdout().strip();
        } catch (ProcessStartException e) {
            LOG.debug("git is not available: {}", e.getMessage());
            return null;
        }
    }
}
