package dev.switchboard.testkit.distribution;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A private copy of the built distribution ({@code bin/}, {@code config/}, {@code lib/}, {@code plugins/*.zip}) with
 * its own state directory, so that tests never change {@code target/switchboard} nor touch {@code ~/.switchboard}.
 * Every process it starts gets {@code SWITCHBOARD_KERNEL__STATE_DIR} pointing at the private state directory,
 * {@code SWITCHBOARD_JAVA_HOME} pointing at the JDK running the tests (the one the build's AOT cache was made with)
 * and, unless the test asks for attaching ({@link #attaching()}), {@code SWITCHBOARD_KERNEL__ATTACH=false}: a
 * {@code serve} then serves in-process (the launcher skips the attach client) and leaves no detached shared server
 * behind, as every test that is not about attaching wants. Not thread-safe.
 */
public final class Installation {

    /** How long a command run may take before the test fails. */
    public static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(60);

    /** The variable that turns attaching off ({@code kernel.attach}), set unless a test asks for attaching. */
    public static final String NO_ATTACH_VARIABLE = "SWITCHBOARD_KERNEL__ATTACH";

    private final Path home;
    private final Path stateDir;
    private final boolean attach;

    private Installation(Path home, Path stateDir, boolean attach) {
        this.home = home;
        this.stateDir = stateDir;
        this.attach = attach;
    }

    /**
     * The same installation and state directory, whose {@code serve} over stdio attaches to the shared server (the
     * default outside tests): the test then stops the shared servers it caused ({@code server stop --all}).
     *
     * @return this installation with attaching on
     */
    public Installation attaching() {
        return new Installation(home, stateDir, true);
    }

    /**
     * Copies the built distribution (system property {@code switchboard.e2e.dist}, set by the build) into
     * {@code dir/switchboard} and creates the state directory {@code dir/state} (owner-only, as the server expects).
     *
     * @param dir an empty temporary directory
     * @return the copy
     * @throws IllegalStateException if the property is unset or names no built distribution
     */
    public static Installation copyOfBuilt(Path dir) {
        return copyOf(DistributionCopy.built(), dir);
    }

    /**
     * Copies a distribution ({@code bin/}, {@code config/}, {@code lib/}, {@code plugins/*.zip} and PF4J's lists) into
     * {@code dir/switchboard} and creates the state directory {@code dir/state} (owner-only).
     *
     * @param distribution an unpacked distribution, such as {@code distribution/target/switchboard}
     * @param dir          an empty temporary directory
     * @return the copy
     * @throws UncheckedIOException if copying fails
     */
    public static Installation copyOf(Path distribution, Path dir) {
        Path home = dir.resolve("switchboard");
        Path state = dir.resolve("state");
        DistributionCopy.copy(distribution, home);
        try {
            Files.createDirectories(
                    state, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the state directory " + state, e);
        }
        return new Installation(home, state, false);
    }

    /**
     * Enables a plugin the distribution ships disabled, as an operator would: {@code bin/switchboard plugins enable}.
     *
     * @param pluginId the plugin's id, such as {@code workspace}
     * @return this installation
     * @throws AssertionError if the command fails
     */
    public Installation enable(String pluginId) {
        CliRun enable = run("plugins", "enable", pluginId);
        if (enable.exitCode() != 0) {
            throw new AssertionError("cannot enable " + pluginId + ": " + enable.describe());
        }
        return this;
    }

    /** @return the installation directory (holding bin/, config/, lib/, plugins/) */
    public Path home() {
        return home;
    }

    /** @return the launcher, {@code bin/switchboard} */
    public Path launcher() {
        return home.resolve("bin/switchboard");
    }

    /** @return the plugins directory */
    public Path pluginsDir() {
        return home.resolve("plugins");
    }

    /** @return the private state directory */
    public Path stateDir() {
        return stateDir;
    }

    /** @return the variables every process of this installation gets on top of the inherited environment */
    public Map<String, String> environment() {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("SWITCHBOARD_KERNEL__STATE_DIR", stateDir.toString());
        env.put("SWITCHBOARD_JAVA_HOME", System.getProperty("java.home"));
        if (!attach) {
            env.put(NO_ATTACH_VARIABLE, "false");
        }
        return env;
    }

    /**
     * Runs {@code bin/switchboard} with the arguments, standard input closed, and waits for it to exit.
     *
     * @param args the arguments
     * @return the exit code and outputs
     * @throws AssertionError if it does not exit within {@link #COMMAND_TIMEOUT}
     */
    public CliRun run(String... args) {
        return runWith(Map.of(), Set.of(), args);
    }

    /**
     * As {@link #run(String...)}, with a changed environment.
     *
     * @param set   variables to set on top of {@link #environment()}
     * @param unset variables to remove afterwards (from the inherited environment and {@link #environment()})
     * @param args  the arguments
     * @return the exit code and outputs
     * @throws AssertionError if it does not exit within {@link #COMMAND_TIMEOUT}
     */
    public CliRun runWith(Map<String, String> set, Set<String> unset, String... args) {
        return runWithInput(set, unset, "", args);
    }

    /**
     * As {@link #runWith}, with text on standard input (closed after it), as a client hands a hook its JSON.
     *
     * @param set   variables to set on top of {@link #environment()}
     * @param unset variables to remove afterwards
     * @param stdin the text written to standard input, UTF-8
     * @param args  the arguments
     * @return the exit code and outputs
     * @throws AssertionError if it does not exit within {@link #COMMAND_TIMEOUT}
     */
    public CliRun runWithInput(Map<String, String> set, Set<String> unset, String stdin, String... args) {
        Process process = start(List.of(args), set, unset);
        try {
            try (var in = process.getOutputStream()) {
                in.write(stdin.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            } catch (IOException e) {
                // the command exited without reading its input: what it printed still tells
            }
            CompletableFuture<String> stdout = drain(process.getInputStream());
            CompletableFuture<String> stderr = drain(process.getErrorStream());
            if (!process.waitFor(COMMAND_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError(
                        "switchboard " + String.join(" ", args) + " did not exit within " + COMMAND_TIMEOUT);
            }
            return new CliRun(List.of(args), process.exitValue(), stdout.join(), stderr.join());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
            throw new AssertionError("interrupted while waiting for switchboard", e);
        }
    }

    /**
     * Starts {@code bin/switchboard serve} and returns a raw JSON-RPC session on its stdin and stdout.
     *
     * @param extraEnv further environment variables, such as {@code SWITCHBOARD_LOG_LEVEL}
     * @return the session; close it to end the process
     */
    public RawSession serve(Map<String, String> extraEnv) {
        return new RawSession(start(List.of("serve"), extraEnv, Set.of()));
    }

    /**
     * Starts {@code bin/switchboard} with the arguments (such as {@code serve --http --port 0}) and returns a raw
     * session on its stdin and stdout, its stderr collected.
     *
     * @param args     the arguments
     * @param extraEnv further environment variables
     * @return the session; close it to end the process
     */
    public RawSession start(List<String> args, Map<String, String> extraEnv) {
        return new RawSession(start(args, extraEnv, Set.of()));
    }

    /**
     * Starts {@code bin/switchboard serve} with further arguments, such as {@code --transport stdio,http}.
     *
     * @param extraEnv further environment variables
     * @param args     arguments after {@code serve}
     * @return the session on the server's stdin and stdout; close it to end the process
     */
    public RawSession serve(Map<String, String> extraEnv, String... args) {
        List<String> command = new ArrayList<>(List.of("serve"));
        command.addAll(List.of(args));
        return start(command, extraEnv);
    }

    /** @return {@link #serve(Map)} without further variables */
    public RawSession serve() {
        return serve(Map.of());
    }

    private Process start(List<String> args, Map<String, String> extraEnv, Set<String> unset) {
        List<String> command = new ArrayList<>();
        command.add(launcher().toString());
        command.addAll(args);
        ProcessBuilder builder = new ProcessBuilder(command).directory(home.toFile());
        builder.environment().putAll(environment());
        builder.environment().putAll(extraEnv);
        builder.environment().keySet().removeAll(unset);
        try {
            return builder.start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + command, e);
        }
    }

    /** Reads a stream to its end on a thread of its own (a pool could starve and leave the process blocked). */
    private static CompletableFuture<String> drain(InputStream stream) {
        CompletableFuture<String> text = new CompletableFuture<>();
        Thread.ofPlatform().daemon().name("switchboard-output").start(() -> {
            try (stream) {
                text.complete(new String(stream.readAllBytes(), StandardCharsets.UTF_8));
            } catch (IOException e) {
                text.completeExceptionally(e);
            }
        });
        return text;
    }
}
