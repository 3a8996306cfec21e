package dev.switchboard.plugin.metrics.application;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import javax.sql.DataSource;

import org.junit.jupiter.api.Test;

import io.prometheus.metrics.expositionformats.generated.com_google_protobuf_4_36_2.Metrics;

import dev.switchboard.ports.http.HttpRoute;
import dev.switchboard.ports.observe.ToolCallOutcome;
import dev.switchboard.ports.plugin.InvalidSettingException;
import dev.switchboard.ports.plugin.PluginContext;
import dev.switchboard.ports.storage.Migration;
import dev.switchboard.ports.storage.SqlDialect;
import dev.switchboard.ports.storage.SqlStorage;
import dev.switchboard.ports.storage.SqlWork;
import dev.switchboard.ports.storage.StorageStatistics;

class CallMetricsTest {

    private static final String PROTOBUF =
            "application/vnd.google.protobuf; proto=io.prometheus.client.MetricFamily; encoding=delimited";

    @Test
    void callsAreCountedByToolAndOutcomeAndTimedAndUnknownToolsShareOneLabel() throws IOException {
        CallMetrics metrics = metrics(Map.of("jvm-metrics", false), () -> storage(new StorageStatistics(7, 2, 1)));
        record("server_info", ToolCallOutcome.OK, 2_000_000, metrics);
        record("server_info", ToolCallOutcome.OK, 4_000_000, metrics);
        record(
                "frontispice_read",
                ToolCallOutcome.of(dev.switchboard.ports.tool.ToolResult.failure(
                        dev.switchboard.ports.tool.ErrorCode.NOT_FOUND, "none")),
                1_000_000,
                metrics);
        record("made_up_1", ToolCallOutcome.PROTOCOL_ERROR, 1000, metrics);
        metrics.started();

        String text = text(metrics);

        assertThat(text)
                .contains("switchboard_tool_calls_total{outcome=\"ok\",tool=\"server_info\"} 2.0")
                .contains("switchboard_tool_calls_total{outcome=\"NOT_FOUND\",tool=\"frontispice_read\"} 1.0")
                .contains("switchboard_tool_calls_total{outcome=\"protocol_error\",tool=\"_unknown\"} 1.0")
                .doesNotContain("made_up_1")
                .contains("switchboard_tool_call_duration_seconds_count{tool=\"server_info\"} 2")
                .contains("switchboard_tool_call_duration_seconds_sum{tool=\"server_info\"} 0.006")
                .contains("switchboard_tool_calls_in_flight 1.0")
                .contains("switchboard_sessions_open{transport=\"http\"} 3.0")
                .contains("switchboard_storage_transactions_total{result=\"committed\"} 7.0")
                .contains("switchboard_storage_transactions_total{result=\"rolled_back\"} 2.0")
                .contains("switchboard_storage_busy_total 1.0")
                .doesNotContain("jvm_memory");
    }

    @Test
    void theProtobufScrapeParsesWithTheLibrarysOwnParser() throws IOException {
        CallMetrics metrics = metrics(Map.of(), () -> storage(new StorageStatistics(0, 0, 0)));
        record("server_info", ToolCallOutcome.OK, 2_000_000, metrics);
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        String contentType = metrics.scrape(PROTOBUF, out);

        assertThat(contentType).startsWith("application/vnd.google.protobuf");
        Map<String, Metrics.MetricFamily> families = new HashMap<>();
        ByteArrayInputStream in = new ByteArrayInputStream(out.toByteArray());
        Metrics.MetricFamily family;
        while ((family = Metrics.MetricFamily.parseDelimitedFrom(in)) != null) {
            families.put(family.getName(), family);
        }
        assertThat(families.get("switchboard_tool_calls_total")
                        .getMetric(0)
                        .getCounter()
                        .getValue())
                .isEqualTo(1);
        assertThat(families.get("switchboard_tool_call_duration_seconds")
                        .getMetric(0)
                        .getHistogram()
                        .getSampleCount())
                .isEqualTo(1);
        assertThat(families).containsKeys("jvm_memory_used_bytes", "jvm_threads_current", "jvm_gc_collection_seconds");
    }

    @Test
    void withoutAnOpenStorageTheStorageMetricsAreLeftOut() throws IOException {
        CallMetrics metrics = metrics(Map.of("jvm-metrics", false), () -> {
            throw new IllegalStateException("no storage");
        });

        assertThat(text(metrics))
                .contains("switchboard_tool_calls_in_flight 0.0")
                .doesNotContain("switchboard_storage_transactions_total{");
    }

    @Test
    void accessIsTheOwnerByDefaultAndAnUnknownValueIsRefusedNamingTheKey() {
        assertThat(new MetricsSettings(context(Map.of())).access()).isEqualTo(HttpRoute.Access.OWNER);
        assertThat(new MetricsSettings(context(Map.of("access", "none"))).access())
                .isEqualTo(HttpRoute.Access.NONE);
        assertThatThrownBy(() -> new MetricsSettings(context(Map.of("access", "everyone"))))
                .isInstanceOf(InvalidSettingException.class)
                .hasMessageContaining("plugins.metrics.access")
                .hasMessageContaining("everyone");
        assertThatThrownBy(() -> new MetricsSettings(context(Map.of("acess", "none"))))
                .isInstanceOf(InvalidSettingException.class)
                .hasMessageContaining("acess");
    }

    private static void record(String tool, ToolCallOutcome outcome, long nanos, CallMetrics metrics) {
        metrics.started();
        metrics.finished(tool, outcome, nanos);
    }

    private static String text(CallMetrics metrics) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertThat(metrics.scrape(null, out)).startsWith("text/plain; version=0.0.4");
        return out.toString(StandardCharsets.UTF_8);
    }

    private static CallMetrics metrics(Map<String, Object> settings, jakarta.inject.Provider<SqlStorage> storage) {
        return new CallMetrics(new MetricsSettings(context(settings)), () -> Map.of("http", 3), storage);
    }

    private static PluginContext context(Map<String, Object> settings) {
        return new PluginContext("metrics", settings, Path.of("target"));
    }

    /** A storage that only reports counters: the metrics read nothing else. */
    private static SqlStorage storage(StorageStatistics statistics) {
        return new SqlStorage() {
            @Override
            public String backend() {
                return "sqlite";
            }

            @Override
            public String location() {
                return "memory";
            }

            @Override
            public SqlDialect dialect() {
                return SqlDialect.SQLITE;
            }

            @Override
            public DataSource dataSource() {
                throw new UnsupportedOperationException("not read by the metrics");
            }

            @Override
            public dev.switchboard.ports.signal.SignalRelay signals() {
                throw new UnsupportedOperationException("not used by the metrics");
            }

            @Override
            public <T> T transaction(SqlWork<T> work) {
                throw new UnsupportedOperationException("not used by the metrics");
            }

            @Override
            public <T> T snapshot(SqlWork<T> work) {
                throw new UnsupportedOperationException("not used by the metrics");
            }

            @Override
            public int migrate(String owner, List<Migration> migrations) {
                throw new UnsupportedOperationException("not used by the metrics");
            }

            @Override
            public Optional<StorageStatistics> statistics() {
                return Optional.of(statistics);
            }
        };
    }
}
