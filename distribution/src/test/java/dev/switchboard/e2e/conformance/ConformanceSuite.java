package dev.switchboard.e2e.conformance;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.switchboard.e2e.support.NodeScripts;

/**
 * The official conformance suite's CLI, run with Node from {@code src/test/node} (installed by the build from the
 * lock file). On Node 20 the CLI needs {@code conformance/globsync-register.mjs} preloaded; on newer Node that hook
 * registers nothing. Each run writes its results under the directory given.
 *
 * <p>A run is bounded by progress, not by a fixed time: it fails once it has shown none for {@link #STALL_LIMIT} (its
 * console output did not grow and no scenario wrote results), and in any case after {@link #RUN_LIMIT}. Over stdio a
 * run is one {@code switchboard serve} JVM per scenario (about 30 per version); on the 2-core CI host at load 13-23 a
 * whole run took over 100 s, the fixed bound this replaces, while each scenario still finished in seconds. A bound
 * per scenario scales with the host's load and with the number of scenarios, and a passing run waits for nothing.
 */
public final class ConformanceSuite {

    /**
     * The longest a run may go without progress: one scenario is one session, over stdio one JVM start and a few
     * requests, seconds even on a loaded host; 60 s without output or results is a hung run.
     */
    public static final Duration STALL_LIMIT = Duration.ofSeconds(60);

    /** The longest a run may take however it progresses; a test of a whole run needs a JUnit timeout above it. */
    public static final Duration RUN_LIMIT = Duration.ofMinutes(8);

    private static final Duration POLL = Duration.ofSeconds(1);

    private static final String CLI = "node_modules/@modelcontextprotocol/conformance/dist/index.js";
    /** 0.2.0-alpha.12, the first with the modern era (2026-07-28), installed beside 0.1.16 under an npm alias. */
    private static final String MODERN_CLI = "node_modules/conformance-modern/dist/index.js";

    private static final Pattern RESULT_DIR = Pattern.compile("server-(.+)-\\d{4}-\\d{2}-\\d{2}T.*");
    private static final Pattern LISTED = Pattern.compile("^\\s+- (\\S+)");

    private final Path nodeDir;
    private final String cli;

    private ConformanceSuite(Path nodeDir, String cli) {
        this.nodeDir = nodeDir;
        this.cli = cli;
    }

    /** @return the suite 0.1.16 installed by the build (system property {@code switchboard.e2e.node-dir}) */
    public static ConformanceSuite installedByTheBuild() {
        return installed(CLI);
    }

    /**
     * @return the suite 0.2.0-alpha.12 installed by the build beside 0.1.16 (npm alias {@code conformance-modern}),
     *     the one with the modern era's scenarios and {@code --expected-failures}
     */
    public static ConformanceSuite modernInstalledByTheBuild() {
        return installed(MODERN_CLI);
    }

    private static ConformanceSuite installed(String cli) {
        Path nodeDir = NodeScripts.dir();
        if (!Files.isRegularFile(nodeDir.resolve(cli))) {
            throw new IllegalStateException("the conformance suite " + cli + " is not installed in " + nodeDir
                    + "; the build installs it in pre-integration-test (src/test/node/install.sh)");
        }
        return new ConformanceSuite(nodeDir, cli);
    }

    /** @return the directory holding the Node packages and the test scripts */
    public Path nodeDir() {
        return nodeDir;
    }

    /**
     * @param specVersion a protocol version, such as {@code 2025-11-25}, or null for every scenario of every version
     *     and extension
     * @param workDir     where the listing's output is kept
     * @return the names of the server scenarios the suite has for that version
     */
    public List<String> scenarios(String specVersion, Path workDir) {
        List<String> arguments = new ArrayList<>(List.of("list", "--server"));
        if (specVersion != null) {
            arguments.addAll(List.of("--spec-version", specVersion));
        }
        Execution listing = execute(
                workDir.resolve("list-" + (specVersion == null ? "all" : specVersion) + ".log"),
                null,
                arguments.toArray(String[]::new));
        if (listing.exitCode() != 0) {
            throw new AssertionError("conformance list failed:\n" + listing.output());
        }
        List<String> names = new ArrayList<>();
        for (String line : listing.output().split("\n")) {
            Matcher match = LISTED.matcher(line);
            if (match.find()) {
                names.add(match.group(1));
            }
        }
        return names;
    }

    /**
     * Runs {@code conformance server --suite all} against a server.
     *
     * @param label       what is tested, for messages
     * @param url         the server's streamable HTTP endpoint
     * @param specVersion the protocol version whose scenarios to run
     * @param outputDir   where the results go; results of an earlier run there are deleted first
     * @return the exit code, the console output and every check
     */
    public ConformanceRun run(String label, String url, String specVersion, Path outputDir) {
        return run(label, url, specVersion, outputDir, List.of());
    }

    /**
     * Runs {@code conformance server --suite all} against a server with the suite's own baseline of known failures:
     * its exit code is then 0 only when every failing (or warning) check is listed and every listed one still fails.
     *
     * @param label            what is tested, for messages
     * @param url              the server's streamable HTTP endpoint
     * @param specVersion      the protocol version whose scenarios to run, or null for every version's and
     *     extension's scenarios, each at its own version (the modern run)
     * @param outputDir        where the results go; results of an earlier run there are deleted first
     * @param expectedFailures the YAML baseline ({@code server:} a list of {@code scenario} or
     *     {@code scenario:check-id}), a file the 0.2.0 suite reads
     * @return the exit code, the console output and every check
     */
    public ConformanceRun run(String label, String url, String specVersion, Path outputDir, Path expectedFailures) {
        return run(label, url, specVersion, outputDir, List.of("--expected-failures", expectedFailures.toString()));
    }

    private ConformanceRun run(String label, String url, String specVersion, Path outputDir, List<String> extra) {
        Path results = outputDir.resolve("results");
        deleteTree(results);
        List<String> arguments =
                new ArrayList<>(List.of("server", "--url", url, "--suite", "all", "-o", results.toString()));
        if (specVersion != null) {
            arguments.addAll(List.of("--spec-version", specVersion));
        }
        arguments.addAll(extra);
        Execution execution = execute(outputDir.resolve("suite.log"), results, arguments.toArray(String[]::new));
        return new ConformanceRun(label, execution.exitCode(), execution.output(), readChecks(results));
    }

    private record Execution(int exitCode, String output) {}

    /**
     * @param log       where the console output goes
     * @param results   the directory the run writes its results into, or null when it writes none
     * @param arguments the CLI's arguments
     */
    private Execution execute(Path log, Path results, String... arguments) {
        List<String> command = new ArrayList<>(List.of("node", "--import", "./conformance/globsync-register.mjs", cli));
        command.addAll(List.of(arguments));
        try {
            Files.createDirectories(log.getParent());
            Process process = new ProcessBuilder(command)
                    .directory(nodeDir.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile())
                    .start();
            process.getOutputStream().close();
            String unfinished = awaitExit(process, log, results);
            if (unfinished != null) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
            String output = Files.readString(log, StandardCharsets.UTF_8);
            if (unfinished != null) {
                throw new AssertionError(
                        "conformance " + String.join(" ", arguments) + " " + unfinished + ":\n" + output);
            }
            return new Execution(process.exitValue(), output);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run " + command, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while running the conformance suite", e);
        }
    }

    /**
     * Waits for the process to exit while it progresses.
     *
     * @return null once it exited, or why it was given up on
     */
    private static String awaitExit(Process process, Path log, Path results) throws InterruptedException {
        long start = System.nanoTime();
        long lastProgress = start;
        long progress = progress(log, results);
        while (!process.waitFor(POLL.toMillis(), TimeUnit.MILLISECONDS)) {
            long now = System.nanoTime();
            long current = progress(log, results);
            if (current != progress) {
                progress = current;
                lastProgress = now;
            }
            if (now - lastProgress > STALL_LIMIT.toNanos()) {
                return "showed no progress (no output, no results) for " + STALL_LIMIT;
            }
            if (now - start > RUN_LIMIT.toNanos()) {
                return "did not finish within " + RUN_LIMIT;
            }
        }
        return null;
    }

    /** @return a number that grows with the run's output and with each scenario's results */
    private static long progress(Path log, Path results) {
        long size;
        try {
            size = Files.size(log);
        } catch (IOException e) {
            size = 0;
        }
        if (results == null || !Files.isDirectory(results)) {
            return size;
        }
        try (Stream<Path> entries = Files.walk(results, 2)) {
            return size + entries.count();
        } catch (IOException | UncheckedIOException e) {
            return size;
        }
    }

    private static void deleteTree(Path root) {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete the earlier results in " + root, e);
        }
    }

    private static List<Check> readChecks(Path results) {
        if (!Files.isDirectory(results)) {
            return List.of();
        }
        List<Check> checks = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(results)) {
            for (Path dir : dirs.sorted().toList()) {
                Matcher name = RESULT_DIR.matcher(dir.getFileName().toString());
                Path file = dir.resolve("checks.json");
                if (name.matches() && Files.isRegularFile(file)) {
                    for (JsonNode check : JsonMapper.shared().readTree(file.toFile())) {
                        checks.add(new Check(
                                name.group(1),
                                check.path("id").asString(""),
                                check.path("status").asString(""),
                                check.path("errorMessage").asString(""),
                                check.path("details")));
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the suite's results in " + results, e);
        }
        return checks;
    }
}
