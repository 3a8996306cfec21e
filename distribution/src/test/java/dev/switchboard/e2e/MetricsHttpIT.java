package dev.switchboard.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import io.prometheus.metrics.expositionformats.generated.com_google_protobuf_4_36_2.Metrics;

import dev.switchboard.e2e.support.ClassHttpServe;
import dev.switchboard.e2e.support.HttpClients;
import dev.switchboard.e2e.support.ToolCalls;
import dev.switchboard.testkit.distribution.HttpServe;

/**
 * The bundled metrics plugin in the built distribution, served over HTTP beside {@code /mcp}: real tool calls through
 * the MCP Java SDK client, then a scrape of {@code GET /metrics} with the owner token, parsed with the Prometheus
 * library's own (protobuf) parser and read as text; refused without the token (401) and for a foreign Host (403).
 */
class MetricsHttpIT {

    private static final String PROTOBUF =
            "application/vnd.google.protobuf; proto=io.prometheus.client.MetricFamily; encoding=delimited";

    @RegisterExtension
    static final ClassHttpServe SERVER = ClassHttpServe.shippedDefaults();

    private static HttpServe server;

    @BeforeAll
    static void takeServer(HttpServe started) {
        server = started;
    }

    @Test
    void aScrapeAfterRealCallsCountsThemByToolAndOutcome() throws IOException, InterruptedException {
        try (McpSyncClient client = HttpClients.client(server, "switchboard-e2e-metrics")) {
            client.initialize();
            for (int i = 0; i < 3; i++) {
                ToolCalls.serverInfo(client);
            }
            McpSchema.CallToolResult invalid =
                    client.callTool(new McpSchema.CallToolRequest("server_info", Map.of("unexpected", 1)));
            assertThat(invalid.isError()).isTrue();
            assertThatThrownBy(() -> client.callTool(new McpSchema.CallToolRequest("no_such_tool", Map.of())))
                    .isInstanceOf(McpError.class);

            Map<String, Metrics.MetricFamily> families = protobufScrape();

            assertThat(counter(families, "switchboard_tool_calls_total", "server_info", "ok"))
                    .isEqualTo(3);
            assertThat(counter(families, "switchboard_tool_calls_total", "server_info", "INVALID_ARGUMENTS"))
                    .isEqualTo(1);
            // The SDK refuses a name it has no tool for before the kernel sees the call; its name never labels.
            assertThat(families.get("switchboard_tool_calls_total").getMetricList())
                    .noneMatch(m -> label(m, "tool").equals("no_such_tool"));
            assertThat(histogramCount(families, "server_info")).isEqualTo(4);
            assertThat(families.get("switchboard_tool_calls_in_flight")
                            .getMetric(0)
                            .getGauge()
                            .getValue())
                    .isZero();
            assertThat(families.get("switchboard_sessions_open").getMetricList().stream()
                            .filter(m -> label(m, "transport").equals("http"))
                            .findFirst()
                            .orElseThrow()
                            .getGauge()
                            .getValue())
                    .isGreaterThanOrEqualTo(1);
            assertThat(families.get("switchboard_storage_transactions_total").getMetricList())
                    .isNotEmpty();
            assertThat(families)
                    .containsKeys("jvm_memory_used_bytes", "jvm_gc_collection_seconds", "jvm_threads_current");
        }
        HttpResponse<String> text = get("/metrics", server.token(), null);
        assertThat(text.statusCode()).as(text.body()).isEqualTo(200);
        assertThat(text.headers().firstValue("Content-Type"))
                .hasValueSatisfying(type -> assertThat(type).startsWith("text/plain; version=0.0.4"));
        assertThat(text.body()).contains("switchboard_tool_calls_total{outcome=\"ok\",tool=\"server_info\"} 3.0");
        assertThat(text.headers().firstValue("X-Content-Type-Options")).contains("nosniff");
    }

    @Test
    void withoutTheOwnerTokenTheScrapeIsUnauthorized() throws IOException, InterruptedException {
        HttpResponse<String> anonymous = get("/metrics", null, null);
        HttpResponse<String> wrong = get("/metrics", "not-the-token", null);

        assertThat(anonymous.statusCode()).isEqualTo(401);
        assertThat(anonymous.headers().firstValue("WWW-Authenticate"))
                .hasValueSatisfying(value -> assertThat(value).startsWith("Bearer"));
        assertThat(anonymous.body()).doesNotContain("switchboard_tool_calls_total");
        assertThat(wrong.statusCode()).isEqualTo(401);
    }

    @Test
    void aForeignHostIsForbiddenEvenWithTheOwnerToken() throws IOException {
        // java.net.http refuses to set Host, so the request is written by hand.
        try (Socket socket = new Socket("127.0.0.1", server.uri("").getPort())) {
            socket.setSoTimeout(20_000);
            OutputStream out = socket.getOutputStream();
            out.write(("GET /metrics HTTP/1.1\r\nHost: evil.example.com\r\nAuthorization: Bearer " + server.token()
                            + "\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            BufferedReader in =
                    new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.ISO_8859_1));
            String status = in.readLine();
            String line;
            long length = 0;
            while ((line = in.readLine()) != null && !line.isEmpty()) {
                if (line.toLowerCase(java.util.Locale.ROOT).startsWith("content-length:")) {
                    length = Long.parseLong(line.substring(15).strip());
                }
            }
            char[] body = new char[(int) length];
            int read = 0;
            while (read < length) {
                int n = in.read(body, read, body.length - read);
                if (n < 0) {
                    break;
                }
                read += n;
            }

            assertThat(status).startsWith("HTTP/1.1 403");
            assertThat(new String(body, 0, read)).contains("Host").doesNotContain("switchboard_tool_calls_total");
        }
    }

    private static Map<String, Metrics.MetricFamily> protobufScrape() throws IOException, InterruptedException {
        try (HttpClient http = HttpClient.newHttpClient()) {
            HttpResponse<InputStream> response = http.send(
                    HttpRequest.newBuilder(server.uri("/metrics"))
                            .header("Authorization", "Bearer " + server.token())
                            .header("Accept", PROTOBUF)
                            .build(),
                    HttpResponse.BodyHandlers.ofInputStream());
            assertThat(response.statusCode()).as(server.log()).isEqualTo(200);
            Map<String, Metrics.MetricFamily> families = new HashMap<>();
            try (InputStream body = response.body()) {
                Metrics.MetricFamily family;
                while ((family = Metrics.MetricFamily.parseDelimitedFrom(body)) != null) {
                    families.put(family.getName(), family);
                }
            }
            return families;
        }
    }

    private static double counter(
            Map<String, Metrics.MetricFamily> families, String name, String tool, String outcome) {
        return families.get(name).getMetricList().stream()
                .filter(m ->
                        label(m, "tool").equals(tool) && label(m, "outcome").equals(outcome))
                .mapToDouble(m -> m.getCounter().getValue())
                .sum();
    }

    private static long histogramCount(Map<String, Metrics.MetricFamily> families, String tool) {
        return families.get("switchboard_tool_call_duration_seconds").getMetricList().stream()
                .filter(m -> label(m, "tool").equals(tool))
                .mapToLong(m -> m.getHistogram().getSampleCount())
                .sum();
    }

    private static String label(Metrics.Metric metric, String name) {
        return metric.getLabelList().stream()
                .filter(l -> l.getName().equals(name))
                .map(Metrics.LabelPair::getValue)
                .findFirst()
                .orElse("");
    }

    private static HttpResponse<String> get(String path, String token, String accept)
            throws IOException, InterruptedException {
        try (HttpClient http = HttpClient.newHttpClient()) {
            HttpRequest.Builder request = HttpRequest.newBuilder(server.uri(path));
            if (token != null) {
                request.header("Authorization", "Bearer " + token);
            }
            if (accept != null) {
                request.header("Accept", accept);
            }
            return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        }
    }
}
