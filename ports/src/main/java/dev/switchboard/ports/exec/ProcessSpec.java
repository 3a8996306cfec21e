package dev.switchboard.ports.exec;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What to run. Standard input is always closed (the process reads EOF).
 *
 * @param command            the program and its arguments, not run through a shell unless the program is one
 * @param workingDirectory   the process's cwd; MUST exist
 * @param environment        variables to set (added to, or replacing, the inherited ones); a variable declared as a
 *                           secret ({@link SecretVariables}) reaches the process only when set here
 * @param inheritEnvironment whether to start from an inherited environment (the server's, or
 *                           {@code inheritedEnvironment} when given), less the variables declared as secrets
 *                           ({@link SecretVariables}), or from an empty one; either way the
 *                           executor may add one variable of its own to find the run's processes (the default
 *                           executor sets {@code SWITCHBOARD_RUN})
 * @param timeout            how long the process may run before its whole tree is killed
 * @param outputCapBytes     how many bytes of stdout, and separately of stderr, to keep in memory (UTF-8)
 * @param fullOutputFile     when not null, every byte of stdout and stderr is also appended here, as it arrives,
 *                           with no cap; created owner-only
 * @param label              when not null, the caller's name for the run (1 to 200 characters from
 *                           {@code A-Z a-z 0-9 . _ - :}), kept with the run's processes (the default executor puts it
 *                           in their environment as {@code SWITCHBOARD_RUN_LABEL}) so that
 *                           {@link ProcessExecutor#reapOrphans} can say which run it killed after a crash
 * @param inheritedEnvironment when not null, the environment to inherit instead of the server's: that of the local
 *                           session the run is for ({@link dev.switchboard.ports.call.LocalSession#environment()},
 *                           ADR 32), so that a run of a session attached to a shared server sees that session's
 *                           variables and not the server's; the executor still removes the declared secret variables
 *                           from it; only with {@code inheritEnvironment} (see {@link #inheritingFrom})
 */
public record ProcessSpec(
        List<String> command,
        Path workingDirectory,
        Map<String, String> environment,
        boolean inheritEnvironment,
        Duration timeout,
        int outputCapBytes,
        Path fullOutputFile,
        String label,
        Map<String, String> inheritedEnvironment) {

    /** The characters and length a {@link #label} may have. */
    public static final String LABEL_PATTERN = "[A-Za-z0-9._:-]{1,200}";

    /**
     * @throws NullPointerException     if a component other than {@code fullOutputFile} and {@code label} is null
     * @throws NullPointerException     also if {@code inheritedEnvironment} holds a null name or value
     * @throws IllegalArgumentException if {@code command} is empty, the timeout or cap is not positive, the label
     *                                  does not match {@link #LABEL_PATTERN}, or an {@code inheritedEnvironment} is
     *                                  given without {@code inheritEnvironment}
     */
    public ProcessSpec {
        command = List.copyOf(command);
        Objects.requireNonNull(workingDirectory, "workingDirectory");
        environment = Map.copyOf(environment);
        Objects.requireNonNull(timeout, "timeout");
        if (command.isEmpty()) {
            throw new IllegalArgumentException("command must not be empty");
        }
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive");
        }
        if (outputCapBytes <= 0) {
            throw new IllegalArgumentException("outputCapBytes must be positive");
        }
        if (label != null && !label.matches(LABEL_PATTERN)) {
            throw new IllegalArgumentException("label must match " + LABEL_PATTERN);
        }
        if (inheritedEnvironment != null) {
            if (!inheritEnvironment) {
                throw new IllegalArgumentException("an inheritedEnvironment needs inheritEnvironment");
            }
            inheritedEnvironment = Map.copyOf(inheritedEnvironment);
        }
    }

    /** A run that inherits the server's environment (when it inherits one); see the canonical constructor. */
    public ProcessSpec(
            List<String> command,
            Path workingDirectory,
            Map<String, String> environment,
            boolean inheritEnvironment,
            Duration timeout,
            int outputCapBytes,
            Path fullOutputFile,
            String label) {
        this(
                command,
                workingDirectory,
                environment,
                inheritEnvironment,
                timeout,
                outputCapBytes,
                fullOutputFile,
                label,
                null);
    }

    /** A run without a label; see the canonical constructor. */
    public ProcessSpec(
            List<String> command,
            Path workingDirectory,
            Map<String, String> environment,
            boolean inheritEnvironment,
            Duration timeout,
            int outputCapBytes,
            Path fullOutputFile) {
        this(command, workingDirectory, environment, inheritEnvironment, timeout, outputCapBytes, fullOutputFile, null);
    }

    /**
     * @param environment the environment to inherit instead of the server's, such as an attached session's (ADR 32);
     *                    the declared secret variables are still removed from it
     * @return this spec, inheriting that environment ({@code inheritEnvironment} set)
     * @throws NullPointerException if {@code environment}, a name or a value is null
     */
    public ProcessSpec inheritingFrom(Map<String, String> environment) {
        return new ProcessSpec(
                command,
                workingDirectory,
                this.environment,
                true,
                timeout,
                outputCapBytes,
                fullOutputFile,
                label,
                Objects.requireNonNull(environment, "environment"));
    }

    /**
     * @return the components, with the spec's variables by name and the inherited environment by size only: both
     *         may hold secrets
     */
    @Override
    public String toString() {
        return "ProcessSpec[command=" + command + ", workingDirectory=" + workingDirectory + ", environment="
                + environment.keySet() + ", inheritEnvironment=" + inheritEnvironment + ", timeout=" + timeout
                + ", outputCapBytes=" + outputCapBytes + ", fullOutputFile=" + fullOutputFile + ", label=" + label
                + ", inheritedEnvironment="
                + (inheritedEnvironment == null ? "the server's" : inheritedEnvironment.size() + " variables") + "]";
    }
}
