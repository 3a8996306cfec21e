package dev.switchboard.kernel.exec;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.util.Map;
import java.util.Set;

import dev.switchboard.ports.exec.ProcessSpec;
import dev.switchboard.ports.exec.ProcessStartException;

/**
 * Turns a {@link ProcessSpec} into a started {@link Process} with its output streams, translating every start
 * failure. The output goes through {@link OutputFifos} where {@link Fifos} is available, else through the JDK's
 * process pipes. Stateless.
 */
final class ProcessLauncher {

    private static final File NULL_DEVICE = new File(File.separatorChar == '\\' ? "NUL" : "/dev/null");

    private ProcessLauncher() {}

    /**
     * @param spec   what to run
     * @param marker the run's marker, set as {@link MarkedProcesses#VARIABLE} in its environment (with the spec's
     *               label, if any, as {@link MarkedProcesses#LABEL_VARIABLE})
     * @param secrets the names of the variables that hold the server's secrets, removed from an inherited
     *               environment (the server's, or the spec's {@link ProcessSpec#inheritedEnvironment()}) unless the
     *               spec sets them (ADR 30)
     * @return the started process, reading EOF on stdin, with stdout and stderr as separate streams
     * @throws ProcessStartException if the working directory is missing or the program cannot be started
     */
    static Started start(ProcessSpec spec, String marker, Set<String> secrets) {
        String program = spec.command().getFirst();
        // Checked up front: ProcessBuilder reports a missing cwd with the same errno as a missing program.
        if (!Files.isDirectory(spec.workingDirectory())) {
            throw new ProcessStartException(
                    "cannot start '" + program + "': working directory " + spec.workingDirectory()
                            + " does not exist or is not a directory",
                    null);
        }
        ProcessBuilder builder = new ProcessBuilder(spec.command())
                .directory(spec.workingDirectory().toFile())
                .redirectInput(ProcessBuilder.Redirect.from(NULL_DEVICE))
                .redirectErrorStream(false);
        Map<String, String> environment = builder.environment();
        if (spec.inheritEnvironment()) {
            if (spec.inheritedEnvironment() != null) {
                // A local session's own environment instead of the server's (ADR 32); its secrets go as the server's.
                environment.clear();
                environment.putAll(spec.inheritedEnvironment());
            }
            environment.keySet().removeAll(secrets);
        } else {
            environment.clear();
        }
        environment.putAll(spec.environment());
        environment.put(MarkedProcesses.VARIABLE, marker);
        if (spec.label() != null) {
            environment.put(MarkedProcesses.LABEL_VARIABLE, spec.label());
        } else {
            environment.remove(MarkedProcesses.LABEL_VARIABLE);
        }
        Fifos fifos = Fifos.get();
        try {
            if (fifos == null) {
                Process process = builder.start();
                return new Started(process, process.getInputStream(), process.getErrorStream());
            }
            return startOnFifos(builder, fifos);
        } catch (IOException | RuntimeException e) {
            throw new ProcessStartException(
                    "cannot start '" + program + "' in " + spec.workingDirectory() + ": " + e.getMessage(), e);
        }
    }

    private static Started startOnFifos(ProcessBuilder builder, Fifos fifos) throws IOException {
        try (OutputFifos output = OutputFifos.create(fifos)) {
            builder.redirectOutput(output.stdout().toFile())
                    .redirectError(output.stderr().toFile());
            Process process = builder.start();
            try {
                InputStream[] streams = output.openForReading();
                return new Started(process, streams[0], streams[1]);
            } catch (IOException | RuntimeException e) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
                throw e;
            }
        }
    }

    /**
     * A started process and the streams its output arrives on.
     *
     * @param process the process
     * @param stdout  its standard output, read by the caller to EOF and closed
     * @param stderr  its standard error, read by the caller to EOF and closed
     */
    record Started(Process process, InputStream stdout, InputStream stderr) {}
}
