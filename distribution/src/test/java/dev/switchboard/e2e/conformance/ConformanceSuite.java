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
 * registers nothing. Each run writes its results under the directory given and is bounded by {@link #RUN_TIMEOUT}.
 */
public final class ConformanceSuite {

    /** The longest one run of the suite may take. */
    public static final Duration RUN_TIMEOUT = Duration.ofSeconds(100);

    private static final String CLI = "node_modules/@modelcontextprotocol/conformance/dist/index.js";
    private static final Pattern RESULT_DIR = Pattern.compile("server-(.+)-\\d{4}-\\d{2}-\\d{2}T.*");
    private static final Pattern LISTED = Pattern.compile("^\\s+- (\\S+)");

    private final Path nodeDir;

    private ConformanceSuite(Path nodeDir) {
        this.nodeDir = nodeDir;
    }

    /** @return the suite installed by the build (system property {@code switchboard.e2e.node-dir}) */
    public static ConformanceSuite installedByTheBuild() {
        Path nodeDir = NodeScripts.dir();
        if (!Files.isRegularFile(nodeDir.resolve(CLI))) {
            throw new IllegalStateException("the conformance suite is not installed in " + nodeDir + "; the build "
                    + "installs it in pre-integration-test (src/test/node/install.sh)");
        }
        return new ConformanceSuite(nodeDir);
    }

    /** @return the directory holding the Node packages and the test scripts */
    public Path nodeDir() {
        return nodeDir;
    }

    /**
     * @param specVersion a protocol version, such as {@code 2025-11-25}
     * @param workDir     where the listing's output is kept
     * @return the names of the server scenarios the suite has for that version
     */
    public List<String> scenarios(String specVersion, Path workDir) {
        Execution listing = execute(
                workDir.resolve("list-" + specVersion + ".log"), "list", "--server", "--spec-version", specVersion);
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
        Path results = outputDir.resolve("results");
        deleteTree(results);
        Execution execution = execute(
                outputDir.resolve("suite.log"),
                "server",
                "--url",
                url,
                "--suite",
                "all",
                "--spec-version",
                specVersion,
                "-o",
                results.toString());
        return new ConformanceRun(label, execution.exitCode(), execution.output(), readChecks(results));
    }

    private record Execution(int exitCode, String output) {}

    private Execution execute(Path log, String... arguments) {
        List<String> command = new ArrayList<>(List.of("node", "--import", "./conformance/globsync-register.mjs", CLI));
        command.addAll(List.of(arguments));
        try {
            Files.createDirectories(log.getParent());
            Process process = new ProcessBuilder(command)
                    .directory(nodeDir.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile())
                    .start();
            process.getOutputStream().close();
            boolean exited = process.waitFor(RUN_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            if (!exited) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
            String output = Files.readString(log, StandardCharsets.UTF_8);
            if (!exited) {
                throw new AssertionError("conformance " + String.join(" ", arguments) + " did not finish within "
                        + RUN_TIMEOUT + ":\n" + output);
            }
            return new Execution(process.exitValue(), output);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run " + command, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while running the conformance suite", e);
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
