package dev.switchboard.plugin.handoff.bench;

import java.util.List;

/**
 * Runs several measures in turns: every round runs each once for the same time, starting one measure later than the
 * round before, so that a noisy host's drift hits each alike. Stateless.
 */
final class Rounds {

    /** One timed measure. */
    interface Measure {
        /**
         * @param millis how long to run, in ms
         * @return how many operations completed
         */
        long run(long millis) throws Exception;
    }

    private Rounds() {}

    /** Runs each measure once for {@code millis} ms, untimed. */
    static void warmUp(List<Measure> measures, long millis) throws Exception {
        for (Measure measure : measures) {
            measure.run(millis);
        }
    }

    /** @return operations per round and measure: {@code [round][measure]} */
    static long[][] run(List<Measure> measures, int rounds, long millis) throws Exception {
        int n = measures.size();
        long[][] counts = new long[rounds][n];
        for (int round = 0; round < rounds; round++) {
            for (int i = 0; i < n; i++) {
                int m = (round + i) % n;
                counts[round][m] = measures.get(m).run(millis);
            }
        }
        return counts;
    }
}
