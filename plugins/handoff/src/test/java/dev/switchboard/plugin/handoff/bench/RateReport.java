package dev.switchboard.plugin.handoff.bench;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Prints the rates of a {@link Rounds} run (operations per second per round and in total) and ratios between
 * measures: the ratio of the totals, and the median and range of the rounds' ratios. Stateless.
 */
final class RateReport {

    /** A ratio to report: measure {@code numerator} over measure {@code denominator}, by index. */
    record Ratio(int numerator, int denominator) {}

    private RateReport() {}

    static void print(PrintStream out, List<String> names, long[][] counts, long millis, List<Ratio> ratios) {
        double seconds = millis / 1000.0;
        StringBuilder header = new StringBuilder("round");
        for (String name : names) {
            header.append(String.format(Locale.ROOT, "  %22s", name));
        }
        out.println(header.append("   (operations per second)"));
        long[] totals = new long[names.size()];
        for (int round = 0; round < counts.length; round++) {
            out.println(row(String.valueOf(round + 1), counts[round], seconds));
            for (int m = 0; m < totals.length; m++) {
                totals[m] += counts[round][m];
            }
        }
        out.println(row("total", totals, seconds * counts.length));
        for (Ratio ratio : ratios) {
            double[] perRound = Arrays.stream(counts)
                    .mapToDouble(round -> (double) round[ratio.numerator()] / round[ratio.denominator()])
                    .sorted()
                    .toArray();
            out.printf(
                    Locale.ROOT,
                    "%s / %s: %.0f %% in total; rounds: median %.0f %%, %.0f-%.0f %%%n",
                    names.get(ratio.numerator()),
                    names.get(ratio.denominator()),
                    100.0 * totals[ratio.numerator()] / totals[ratio.denominator()],
                    100 * perRound[perRound.length / 2],
                    100 * perRound[0],
                    100 * perRound[perRound.length - 1]);
        }
    }

    private static String row(String label, long[] counts, double seconds) {
        StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "%5s", label));
        for (long count : counts) {
            row.append(String.format(Locale.ROOT, "  %22.0f", count / seconds));
        }
        return row.toString();
    }
}
