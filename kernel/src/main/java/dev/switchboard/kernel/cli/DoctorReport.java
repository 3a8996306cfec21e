package dev.switchboard.kernel.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * The lines of a doctor run: {@code ok: ...} for passed checks, {@code warning: ...} for risks to weigh,
 * {@code unknown: ...} for checks that could not tell, {@code problem: ...} for failed ones (only these make it
 * unhealthy).
 */
final class DoctorReport {

    private final List<String> lines = new ArrayList<>();
    private int problems;

    void ok(String line) {
        lines.add("ok: " + line);
    }

    void warning(String line) {
        lines.add("warning: " + line);
    }

    void unknown(String line) {
        lines.add("unknown: " + line);
    }

    void problem(String line) {
        lines.add("problem: " + line);
        problems++;
    }

    void info(String line) {
        lines.add("  " + line);
    }

    List<String> lines() {
        List<String> out = new ArrayList<>(lines);
        out.add(problems == 0 ? "healthy" : problems + (problems == 1 ? " problem" : " problems") + " found");
        return out;
    }

    boolean healthy() {
        return problems == 0;
    }
}
