package dev.switchboard.e2e.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import dev.switchboard.e2e.support.ToolCatalog;
import dev.switchboard.testkit.distribution.Installation;

/**
 * The conformance fixture plugin as the distribution ships it (disabled) and what it must offer once enabled, and the
 * judgement of a suite run against it.
 */
public final class ConformanceFixture {

    /** The plugin's id. */
    public static final String ID = "conformance-fixture";

    /**
     * Every tool of the fixture's committed catalog: the tools the suite (0.1.16, suite {@code all}) calls. Two
     * scenarios ({@code tools-call-simple-text}, {@code tools-call-error}) pass even when their tool is missing, since
     * an unknown-tool error also has text; so the tool list is checked too.
     */
    public static final List<String> TOOLS = ToolCatalog.names(ID);

    /**
     * The tool {@code test_trigger_tool_change} hides when it is listed and shows when it is hidden: the suite
     * 0.2.0-alpha.12's {@code server-stateless} scenario calls the trigger three times, so after a run it is hidden.
     */
    public static final String TOGGLED_TOOL = "test_toggled_tool";

    /** {@link #TOOLS} but {@link #TOGGLED_TOOL}: the tools every run leaves listed. */
    public static final List<String> STEADY_TOOLS =
            TOOLS.stream().filter(name -> !name.equals(TOGGLED_TOOL)).toList();

    private ConformanceFixture() {}

    /**
     * Enables the fixture with the launcher's own command, as an operator would.
     *
     * @param installation a copy of the distribution, where the fixture is installed but disabled
     */
    public static void enable(Installation installation) {
        installation.enable(ID);
    }

    /**
     * Asserts that a run passed: exit code 0, every scenario of the suite for that version wrote results, no check
     * failed, and {@code tools/list} listed every fixture tool but the toggled one.
     *
     * @param run               the run
     * @param expectedScenarios the scenarios the suite lists for the run's version
     * @param serverLog         the server's log, for failure messages
     */
    public static void assertPassed(ConformanceRun run, List<String> expectedScenarios, String serverLog) {
        String context =
                "%s%n--- suite output ---%n%s%n--- server log ---%n%s".formatted(run.score(), run.log(), serverLog);
        assertThat(run.failures())
                .as("failed checks of %s", context)
                .extracting(Check::describe)
                .isEmpty();
        assertThat(run.exitCode()).as("exit code of %s", context).isZero();
        assertThat(run.scenarios())
                .as("scenarios with results in %s", context)
                .containsExactlyInAnyOrderElementsOf(expectedScenarios);
        assertThat(run.listedTools())
                .as("tools/list as the suite saw it in %s", context)
                .containsAll(STEADY_TOOLS);
    }
}
