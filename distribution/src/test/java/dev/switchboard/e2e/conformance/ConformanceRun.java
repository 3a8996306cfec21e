package dev.switchboard.e2e.conformance;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import tools.jackson.databind.JsonNode;

/**
 * The outcome of one run of the suite: its exit code, its console output and every check of every scenario.
 *
 * @param label    what was tested, such as {@code stdio 2025-11-25}, for messages
 * @param exitCode the CLI's exit code (0 only when no check failed)
 * @param log      the CLI's console output
 * @param checks   the checks of every scenario that wrote results
 */
public record ConformanceRun(String label, int exitCode, String log, List<Check> checks) {

    /** @return the scenarios that wrote results */
    public Set<String> scenarios() {
        Set<String> names = new TreeSet<>();
        checks.forEach(check -> names.add(check.scenario()));
        return names;
    }

    /**
     * @param status a check status
     * @return how many checks have it
     */
    public long count(String status) {
        return checks.stream().filter(check -> check.status().equals(status)).count();
    }

    /** @return the failed checks */
    public List<Check> failures() {
        return checks.stream().filter(check -> check.status().equals("FAILURE")).toList();
    }

    /** @return the tool names the {@code tools-list} scenario saw, empty when it did not run */
    public List<String> listedTools() {
        List<String> names = new ArrayList<>();
        checks.stream()
                .filter(check ->
                        check.scenario().equals("tools-list") && check.id().equals("tools-list"))
                .findFirst()
                .ifPresent(check -> {
                    for (JsonNode name : check.details().path("tools")) {
                        names.add(name.asString(""));
                    }
                });
        return names;
    }

    /** @return "label: N passed, N failed, N warnings", the suite's own way of counting */
    public String score() {
        return label + ": " + count("SUCCESS") + " passed, " + count("FAILURE") + " failed, " + count("WARNING")
                + " warnings";
    }
}
