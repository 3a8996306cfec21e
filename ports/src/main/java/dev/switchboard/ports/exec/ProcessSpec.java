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
 * @param inheritEnvironment whether to start from the server's environment, less the variables declared as secrets
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
 */
public record ProcessSpec(
        List<String> command,
        Path workingDirectory,
        Map<String, String> environment,
        boolean inheritEnvironment,
        Duration timeout,
        int outputCapBytes,
        Path fullOutputFile,
        String label) {

    /** The characters and length a {@link #label} may have. */
    public static final String LABEL_PATTERN = "[A-Za-z0-9._:-]{1,200}";

    /**
     * @throws NullPointerException     if a component other than {@code fullOutputFile} and {@code label} is null
     * @throws IllegalArgumentException if {@code command} is empty, the timeout or cap is not positive, or the label
     *                                  does not match {@link #LABEL_PATTERN}
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
}
