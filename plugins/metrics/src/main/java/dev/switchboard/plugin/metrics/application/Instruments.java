package dev.switchboard.plugin.metrics.application;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import jakarta.inject.Provider;

import io.prometheus.metrics.core.datapoints.CounterDataPoint;
import io.prometheus.metrics.core.datapoints.DistributionDataPoint;
import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.CounterWithCallback;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.expositionformats.ExpositionFormatWriter;
import io.prometheus.metrics.expositionformats.ExpositionFormats;
import io.prometheus.metrics.instrumentation.jvm.JvmMetrics;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.Unit;

import dev.switchboard.ports.observe.ToolCallOutcome;
import dev.switchboard.ports.storage.SqlStorage;
import dev.switchboard.ports.storage.StorageStatistics;
import dev.switchboard.ports.transport.TransportStatus;

/**
 * The Prometheus registry of one plugin instance (never the library's global default registry) and its instruments:
 * tool calls by tool and outcome, call durations by tool, calls in flight, open sessions by transport, storage
 * transactions by result and busy encounters, and optionally the JVM's metrics. Thread-safe.
 */
final class Instruments {

    /** The tool label of calls refused before any tool ran: their names are the client's, not a bounded set. */
    static final String UNKNOWN_TOOL = "_unknown";

    private static final double NANOS_PER_SECOND = 1e9;

    private final PrometheusRegistry registry = new PrometheusRegistry();
    private final ExpositionFormats formats = ExpositionFormats.init();
    private final Counter calls;
    private final Histogram durations;
    private final Gauge inFlight;
    private final Map<String, Series> byTool = new ConcurrentHashMap<>();
    /** Whether the JVM's metrics are wanted and not yet registered; they are registered by the first scrape. */
    private boolean jvmPending;

    Instruments(boolean jvm, TransportStatus transports, Provider<SqlStorage> storage) {
        calls = Counter.builder()
                .name("switchboard_tool_calls_total")
                .help("Tool calls that ended, by tool and outcome (ok, the tool's error code, or protocol_error)")
                .labelNames("tool", "outcome")
                .withoutExemplars()
                .register(registry);
        durations = Histogram.builder()
                .name("switchboard_tool_call_duration_seconds")
                .help("How long tool calls took, by tool")
                .unit(Unit.SECONDS)
                .labelNames("tool")
                .classicOnly()
                .withoutExemplars()
                .classicUpperBounds(
                        0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60)
                .register(registry);
        inFlight = Gauge.builder()
                .name("switchboard_tool_calls_in_flight")
                .help("Tool calls running now")
                .withoutExemplars()
                .register(registry);
        GaugeWithCallback.builder()
                .name("switchboard_sessions_open")
                .help("Client sessions open now, by transport (those that count sessions: http)")
                .labelNames("transport")
                .callback(callback -> transports.openSessions().forEach((id, n) -> callback.call(n, id)))
                .register(registry);
        CounterWithCallback.builder()
                .name("switchboard_storage_transactions")
                .help("Storage transactions that ended since the database opened, by result")
                .labelNames("result")
                .callback(callback -> statistics(storage).ifPresent(s -> {
                    callback.call(s.committed(), "committed");
                    callback.call(s.rolledBack(), "rolled_back");
                }))
                .register(registry);
        CounterWithCallback.builder()
                .name("switchboard_storage_busy")
                .help("Times a storage transaction found the database busy or locked")
                .callback(callback -> statistics(storage).ifPresent(s -> callback.call(s.busy())))
                .register(registry);
        // Not registered here: JvmMetrics loads JMX (some 200 classes), which a stdio session, without a metrics
        // endpoint, would load on its first tool call for nothing, and the AOT training run would then preload at
        // every start. The JVM's metrics are read at scrape time anyway, so the first scrape registers them.
        jvmPending = jvm;
    }

    void started() {
        inFlight.inc();
    }

    void finished(String tool, ToolCallOutcome outcome, long durationNanos) {
        inFlight.dec();
        String label = outcome.kind() == ToolCallOutcome.Kind.PROTOCOL_ERROR ? UNKNOWN_TOOL : tool;
        Series series = byTool.get(label);
        if (series == null) {
            series = byTool.computeIfAbsent(
                    label, name -> new Series(calls.labelValues(name, "ok"), durations.labelValues(name)));
        }
        if (outcome.kind() == ToolCallOutcome.Kind.OK) {
            series.ok().inc();
        } else {
            calls.labelValues(label, outcome.label()).inc();
        }
        series.duration().observe(durationNanos / NANOS_PER_SECOND);
    }

    /** A tool's most used data points, looked up once: the library's own lookup hashes the label values each time. */
    private record Series(CounterDataPoint ok, DistributionDataPoint duration) {}

    String scrape(String accept, OutputStream out) throws IOException {
        registerJvmMetricsOnce();
        ExpositionFormatWriter writer = formats.findWriter(accept);
        writer.write(out, registry.scrape());
        return writer.getContentType();
    }

    private synchronized void registerJvmMetricsOnce() {
        if (jvmPending) {
            JvmMetrics.builder().register(registry);
            jvmPending = false;
        }
    }

    private static Optional<StorageStatistics> statistics(Provider<SqlStorage> storage) {
        try {
            return storage.get().statistics();
        } catch (RuntimeException e) {
            // no storage is open (its plugin failed): the storage metrics are left out of this scrape
            return Optional.empty();
        }
    }
}
