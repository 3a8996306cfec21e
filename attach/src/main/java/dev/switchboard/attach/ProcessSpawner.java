package dev.switchboard.attach;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

import dev.switchboard.kernel.attach.AttachPaths;

/**
 * Starts {@code <home>/bin/switchboard serve --shared} plus the client's location options, detached: in a session of
 * its own through {@code setsid} when the system has it (so a terminal's hangup or the MCP client's process-group
 * kill does not reach it), stdin from {@code /dev/null}, stdout and stderr appended to {@code <key>.log} (0600), in
 * the state directory, with the client's environment less every declared session variable and session setting (so no
 * session's identity becomes the server's) and less {@code SWITCHBOARD_AOT_OUTPUT} (the training of the client's
 * cache). The JDK closes the child's other descriptors, so the server holds none of the client's pipes. Immutable.
 *
 * @param launcher    {@code <home>/bin/switchboard}
 * @param locations   the options that locate the configuration and state ({@code --home}, {@code --config},
 *                    {@code --state-dir}, absolute)
 * @param workingDir  the server's working directory (the state directory)
 * @param environment the client's environment
 * @param withheld    the variables the server must not inherit
 */
record ProcessSpawner(
        Path launcher,
        List<String> locations,
        Path workingDir,
        Map<String, String> environment,
        Collection<String> withheld)
        implements ServerStarter.Spawner {

    /** The variable that makes a JVM record an AOT cache; the client's training must not pass it on. */
    static final String AOT_OUTPUT = "SWITCHBOARD_AOT_OUTPUT";

    private static final List<Path> SETSID = List.of(Path.of("/usr/bin/setsid"), Path.of("/bin/setsid"));

    /** Copies the lists. */
    ProcessSpawner {
        locations = List.copyOf(locations);
        environment = Map.copyOf(environment);
        withheld = List.copyOf(withheld);
    }

    @Override
    public BooleanSupplier spawn(AttachPaths paths) throws IOException {
        if (!Files.exists(paths.log())) {
            try {
                Files.createFile(
                        paths.log(),
                        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            } catch (java.nio.file.FileAlreadyExistsException e) {
                // another process made it first
            }
        }
        ProcessBuilder builder = new ProcessBuilder(command())
                .directory(workingDir.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectOutput(ProcessBuilder.Redirect.appendTo(paths.log().toFile()))
                .redirectErrorStream(true);
        Map<String, String> env = builder.environment();
        env.clear();
        env.putAll(environment);
        withheld.forEach(env::remove);
        env.remove(AOT_OUTPUT);
        Process process = builder.start();
        return process::isAlive;
    }

    /** @return the command line: {@code [setsid] <launcher> serve --shared <locations>} */
    List<String> command() {
        List<String> command = new ArrayList<>();
        SETSID.stream().filter(Files::isExecutable).findFirst().ifPresent(setsid -> command.add(setsid.toString()));
        command.add(launcher.toString());
        command.add("serve");
        command.add("--shared");
        command.addAll(locations);
        return command;
    }
}
