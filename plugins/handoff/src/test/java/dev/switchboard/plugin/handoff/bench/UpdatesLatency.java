package dev.switchboard.plugin.handoff.bench;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Times sequential {@code frontispice_list_updates} calls through the kernel's invoker (schema validation, project
 * resolution, the cursor and page reads on a fresh reader connection, the structured and text result), without the
 * MCP transport. Not thread-safe.
 */
final class UpdatesLatency {

    /**
     * Latencies of one series, in microseconds.
     *
     * @param calls  how many calls were timed
     * @param items  how many updates the last call returned
     * @param hasMore whether the last call said there were more
     */
    record Result(int calls, int items, boolean hasMore, double p50, double p90, double p99, double max, double mean) {}

    private final BenchServer server;

    UpdatesLatency(BenchServer server) {
        this.server = server;
    }

    /** Calls the tool {@code warmUp} times untimed, then {@code calls} times timed, with {@code arguments}. */
    Result measure(Map<String, Object> arguments, int warmUp, int calls) {
        for (int i = 0; i < warmUp; i++) {
            server.call("frontispice_list_updates", arguments);
        }
        long[] nanos = new long[calls];
        Map<String, Object> last = Map.of();
        for (int i = 0; i < calls; i++) {
            long start = System.nanoTime();
            last = server.call("frontispice_list_updates", arguments);
            nanos[i] = System.nanoTime() - start;
        }
        Arrays.sort(nanos);
        double mean = Arrays.stream(nanos).average().orElse(0) / 1000.0;
        return new Result(
                calls,
                ((List<?>) last.get("updates")).size(),
                (Boolean) last.get("has_more"),
                percentile(nanos, 50),
                percentile(nanos, 90),
                percentile(nanos, 99),
                nanos[calls - 1] / 1000.0,
                mean);
    }

    /** Nearest-rank percentile of sorted nanoseconds, in microseconds. */
    private static double percentile(long[] sorted, int p) {
        int rank = (int) Math.ceil(p / 100.0 * sorted.length);
        return sorted[Math.max(0, rank - 1)] / 1000.0;
    }
}
