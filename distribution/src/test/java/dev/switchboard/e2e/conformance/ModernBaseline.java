package dev.switchboard.e2e.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A baseline of known failures of the official suite 0.2.0-alpha.12 ({@code --suite all}, the first suite with the
 * modern era, MCP 2026-07-28), one per kind of run, in {@code src/test/node/conformance/expected-failures-*.yml}: the
 * suite's own {@code --expected-failures}
 * format ({@code server:} a list of {@code scenario} or {@code scenario:check-id}), each entry with its reason as a
 * comment on its line. The suite fails a run on a failing check that is not listed and on a listed one that passes;
 * this class asserts the same from the results, so that a failure names the checks, and asserts every entry has a
 * reason and the tool list is whole.
 */
public final class ModernBaseline {

    private static final Pattern ENTRY = Pattern.compile("^\\s*-\\s*([^\\s#]+)\\s*(?:#\\s*(.*))?$");

    private final Path file;
    private final String specVersion;
    /** Entry to its reason (empty when the line has none). */
    private final Map<String, String> entries;

    private ModernBaseline(Path file, String specVersion, Map<String, String> entries) {
        this.file = file;
        this.specVersion = specVersion;
        this.entries = entries;
    }

    /**
     * The run the baseline counts: {@code --suite all} with no {@code --spec-version}, every scenario at its own version
     * (the legacy-era scenarios in the legacy era, the modern-only ones, the tasks and skills extensions); baseline
     * {@code expected-failures-all.yml}.
     *
     * @param nodeDir the directory holding {@code conformance/}
     * @return the baseline as committed
     */
    public static ModernBaseline everyScenario(Path nodeDir) {
        return read(nodeDir, "all", null);
    }

    /**
     * The modern era on every scenario it has: {@code --suite all --spec-version 2026-07-28}, where the scenarios of
     * both eras (tools, resources, prompts, completion, progress, schemas) run in the modern era; baseline
     * {@code expected-failures-2026-07-28.yml}.
     *
     * @param nodeDir the directory holding {@code conformance/}
     * @return the baseline as committed
     */
    public static ModernBaseline modernEra(Path nodeDir) {
        return read(nodeDir, "2026-07-28", "2026-07-28");
    }

    /**
     * The modern era over stdio, through the test's HTTP front ({@code ModernStdioBridge}): as {@link #modernEra},
     * baseline {@code expected-failures-2026-07-28-stdio.yml}, which adds what only HTTP has (mirrored parameter
     * headers) and what the front cannot carry.
     *
     * @param nodeDir the directory holding {@code conformance/}
     * @return the baseline as committed
     */
    public static ModernBaseline modernEraOverStdio(Path nodeDir) {
        return read(nodeDir, "2026-07-28-stdio", "2026-07-28");
    }

    private static ModernBaseline read(Path nodeDir, String name, String specVersion) {
        Path file = nodeDir.resolve("conformance").resolve("expected-failures-" + name + ".yml");
        Map<String, String> entries = new LinkedHashMap<>();
        try {
            for (String line : Files.readAllLines(file)) {
                Matcher entry = ENTRY.matcher(line);
                if (entry.matches()) {
                    entries.put(
                            entry.group(1),
                            entry.group(2) == null ? "" : entry.group(2).strip());
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        return new ModernBaseline(file, specVersion, entries);
    }

    /** @return the suite's {@code --spec-version} for this run, or null for none */
    public String specVersion() {
        return specVersion;
    }

    /** @return the file, for the suite's {@code --expected-failures} */
    public Path file() {
        return file;
    }

    /**
     * Asserts a run of the suite against the baseline: every failing or warning check is listed (by scenario or by
     * {@code scenario:check-id}), every listed one still fails, the suite's own baseline check passed (exit code 0),
     * every scenario of the version ran, and {@code tools/list} listed every fixture tool.
     *
     * @param run               the run, made with {@link #file()}
     * @param expectedScenarios the scenarios the suite lists for {@link #specVersion()}
     * @param serverLog         the server's log, for failure messages
     */
    public void assertHolds(ConformanceRun run, List<String> expectedScenarios, String serverLog) {
        String context =
                "%s%n--- suite output ---%n%s%n--- server log ---%n%s".formatted(run.score(), run.log(), serverLog);
        assertThat(entries)
                .as("entries of %s without a reason", file)
                .allSatisfy((entry, reason) -> assertThat(reason).as(entry).isNotBlank());
        Set<String> failing = new TreeSet<>();
        Set<String> scenariosFailing = new TreeSet<>();
        for (Check check : run.checks()) {
            if (check.status().equals("FAILURE") || check.status().equals("WARNING")) {
                scenariosFailing.add(check.scenario());
                if (!entries.containsKey(check.scenario())
                        && !entries.containsKey(check.scenario() + ":" + check.id())) {
                    failing.add(check.describe());
                }
            }
        }
        assertThat(failing).as("failing checks not in %s: %s", file, context).isEmpty();
        Set<String> stale = new TreeSet<>();
        for (String entry : entries.keySet()) {
            String scenario = entry.contains(":") ? entry.substring(0, entry.indexOf(':')) : entry;
            boolean fails = entry.contains(":")
                    ? run.checks().stream()
                            .anyMatch(check -> entry.equals(check.scenario() + ":" + check.id())
                                    && (check.status().equals("FAILURE")
                                            || check.status().equals("WARNING")))
                    : scenariosFailing.contains(scenario);
            if (!fails) {
                stale.add(entry + " (" + entries.get(entry) + ")");
            }
        }
        assertThat(stale)
                .as("entries of %s that pass now (remove them): %s", file, context)
                .isEmpty();
        assertThat(run.exitCode())
                .as("the suite's own baseline check, exit code of %s", context)
                .isZero();
        assertThat(run.scenarios())
                .as("scenarios with results in %s", context)
                .containsExactlyInAnyOrderElementsOf(expectedScenarios);
        assertThat(run.listedTools())
                .as("tools/list as the suite saw it in %s", context)
                .containsAll(ConformanceFixture.STEADY_TOOLS);
    }
}
