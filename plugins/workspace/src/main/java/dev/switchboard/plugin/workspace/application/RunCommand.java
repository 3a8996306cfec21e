package dev.switchboard.plugin.workspace.application;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.inject.Inject;

import dev.switchboard.plugin.workspace.application.port.out.ReceiptFacts;
import dev.switchboard.plugin.workspace.domain.Code;
import dev.switchboard.plugin.workspace.domain.WorkspaceException;
import dev.switchboard.ports.call.Cancellation;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.exec.ProcessExecutor;
import dev.switchboard.ports.exec.ProcessOutcome;
import dev.switchboard.ports.exec.ProcessSpec;
import dev.switchboard.ports.exec.ProcessStartException;

/**
 * {@code bash}: {@code bash -c <command>} in the workspace's directory through the kernel's process executor, stdin
 * closed, with a timeout (default {@value #DEFAULT_TIMEOUT_SECONDS} s), once per request key. The whole process tree
 * is killed on timeout, on cancellation of the call, when the workspace closes and when the server's parent dies; one
 * left running by a server that died is killed at the next start ({@link OrphanedCommands}). Every byte of output goes to an
 * owner-only file outside the state directory ({@link CommandOutputFiles}, kept as long as the call's receipt); the answer shows
 * its tail and, when that was cut, the file's path. A non-zero exit
 * is an error answer with the exit code. Thread-safe.
 */
public final class RunCommand {

    /** The timeout when none is given, in seconds. */
    static final int DEFAULT_TIMEOUT_SECONDS = 120;

    private final WorkspaceRegistry registry;
    private final RequestKeys keys;
    private final ProcessExecutor executor;
    private final CommandOutputFiles outputs;
    private final OrphanedCommands orphans;
    private final CommandActivity activity;

    @Inject
    RunCommand(
            WorkspaceRegistry registry,
            RequestKeys keys,
            ProcessExecutor executor,
            CommandOutputFiles outputs,
            OrphanedCommands orphans,
            CommandActivity activity) {
        this.registry = registry;
        this.activity = activity;
        this.keys = keys;
        this.executor = executor;
        this.outputs = outputs;
        this.orphans = orphans;
    }

    /**
     * @param arguments    the tool's arguments: workspace_id, request_key, command, timeout (seconds, 1..3600)
     * @param cancellation the call's cancellation
     * @param caller       who calls: an attached local session's command inherits that session's environment
     *                     ({@link CallerEnvironment})
     * @return {exit_code, elapsed_ms, details: {truncation, fullOutputPath}}
     * @throws WorkspaceException {@link Code#COMMAND_TIMEOUT}, {@link Code#COMMAND_CANCELLED},
     *                            {@link Code#COMMAND_FAILED} (could not start)
     */
    public Answer run(Map<String, Object> arguments, Cancellation cancellation, Principal caller) {
        String workspaceId = (String) arguments.get("workspace_id");
        Number timeout = (Number) arguments.getOrDefault("timeout", DEFAULT_TIMEOUT_SECONDS);
        CommandActivity.Running running = activity.start(workspaceId, (String) arguments.get("command"));
        try {
            return run(arguments, cancellation, caller, workspaceId, timeout, running);
        } finally {
            running.discard();
        }
    }

    private Answer run(
            Map<String, Object> arguments,
            Cancellation cancellation,
            Principal caller,
            String workspaceId,
            Number timeout,
            CommandActivity.Running running) {
        return keys.once(
                workspaceId,
                (String) arguments.get("request_key"),
                "bash",
                arguments,
                () -> registry.within(
                        workspaceId,
                        workspace -> execute(
                                workspace,
                                (String) arguments.get("command"),
                                Duration.ofMillis(Math.round(timeout.doubleValue() * 1000)),
                                cancellation,
                                caller,
                                RequestKeys.receiptId(workspaceId, (String) arguments.get("request_key")),
                                running)),
                RunCommand::facts);
    }

    private Answer execute(
            Workspace workspace,
            String command,
            Duration timeout,
            Cancellation cancellation,
            Principal caller,
            String receiptId,
            CommandActivity.Running running) {
        Path full = outputs.forRun(receiptId);
        ProcessOutcome outcome;
        try (EitherCancellation either = new EitherCancellation(cancellation, workspace, running.abort())) {
            outcome = executor.run(
                    CallerEnvironment.of(
                            new ProcessSpec(
                                    List.of("bash", "-c", command),
                                    workspace.cwd(),
                                    Map.of(),
                                    true,
                                    timeout,
                                    64 * 1024,
                                    full,
                                    orphans.labelFor(receiptId)),
                            caller),
                    either);
        } catch (ProcessStartException e) {
            running.ended("not started", null);
            deleteQuietly(full);
            throw new WorkspaceException(
                    Code.COMMAND_FAILED,
                    "the command could not be started: " + e.getMessage(),
                    Map.of("effects_may_have_occurred", false));
        }
        running.ended(status(outcome, running), exitCode(outcome));
        switch (outcome.termination()) {
            case TIMED_OUT ->
                throw new WorkspaceException(
                        Code.COMMAND_TIMEOUT,
                        "Command timed out after " + seconds(timeout) + " seconds; its processes were killed",
                        killed(full));
            case CANCELLED ->
                throw new WorkspaceException(
                        Code.COMMAND_CANCELLED, "Command aborted; its processes" + " were killed", killed(full));
            default -> {
                return answer(workspace, outcome, full);
            }
        }
    }

    private static String status(ProcessOutcome outcome, CommandActivity.Running running) {
        return switch (outcome.termination()) {
            case TIMED_OUT -> "timed out";
            case CANCELLED -> running.aborted() ? "aborted" : "cancelled";
            default -> outcome.exitCode() == 0 ? "completed" : "failed";
        };
    }

    private static Integer exitCode(ProcessOutcome outcome) {
        return switch (outcome.termination()) {
            case TIMED_OUT, CANCELLED -> null;
            default -> outcome.exitCode();
        };
    }

    private static Answer answer(Workspace workspace, ProcessOutcome outcome, Path full) {
        CommandOutput shown = shown(full);
        Map<String, Object> truncation = Map.of("truncated", shown.truncated(), "totalBytes", shown.bytes());
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("truncation", truncation);
        StringBuilder text = new StringBuilder(shown.text().isEmpty() ? "(no output)" : shown.text());
        if (shown.truncated()) {
            details.put("fullOutputPath", full.toString());
            text.append("\n\n[Output truncated: showing the last lines. Full output: ")
                    .append(full)
                    .append(']');
        } else {
            deleteQuietly(full);
        }
        if (outcome.exitCode() != 0) {
            text.append("\n\nCommand exited with code ").append(outcome.exitCode());
        }
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("exit_code", outcome.exitCode());
        facts.put("elapsed_ms", outcome.duration().toMillis());
        facts.put("details", details);
        facts.put("workspace_id", workspace.id());
        facts.put("cwd", workspace.cwd().toString());
        return outcome.exitCode() == 0
                ? Answer.of(text.toString(), facts)
                : Answer.error(Code.COMMAND_FAILED, text.toString(), facts);
    }

    private static CommandOutput shown(Path full) {
        try {
            return CommandOutput.tail(full);
        } catch (IOException e) {
            throw new WorkspaceException(
                    Code.EXECUTION_FAILED,
                    "the command ran, but its output could not be read: " + e.getMessage(),
                    Map.of("effects_may_have_occurred", true));
        }
    }

    private static Map<String, Object> killed(Path full) {
        return Map.of("effects_may_have_occurred", true, "fullOutputPath", full.toString());
    }

    private static String seconds(Duration timeout) {
        return timeout.toMillis() % 1000 == 0
                ? String.valueOf(timeout.toSeconds())
                : String.valueOf(timeout.toMillis() / 1000.0);
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // A leftover output file is harmless: it sits in an owner-only directory and goes with the next pruning.
        }
    }

    private static ReceiptFacts facts(Answer answer) {
        Object details = answer.structured().get("details");
        String fullOutput = details instanceof Map<?, ?> map ? (String) map.get("fullOutputPath") : null;
        return new ReceiptFacts(
                (String) answer.structured().get("cwd"),
                List.of(),
                null,
                answer.error() == null ? null : answer.error().name(),
                (Integer) answer.structured().get("exit_code"),
                fullOutput);
    }
}
