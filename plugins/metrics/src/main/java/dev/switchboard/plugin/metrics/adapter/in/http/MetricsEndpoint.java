package dev.switchboard.plugin.metrics.adapter.in.http;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;

import jakarta.inject.Inject;

import org.pf4j.Extension;

import dev.switchboard.plugin.metrics.application.CallMetrics;
import dev.switchboard.plugin.metrics.application.MetricsSettings;
import dev.switchboard.ports.http.EndpointRequest;
import dev.switchboard.ports.http.EndpointResponse;
import dev.switchboard.ports.http.HttpEndpoint;
import dev.switchboard.ports.http.HttpRoute;

/**
 * {@code GET /metrics}: every metric in the Prometheus text format (0.0.4), or in OpenMetrics or the protobuf format
 * when the scraper's {@code Accept} asks for it. Access as the {@code access} setting says (the owner token by
 * default). Thread-safe.
 */
@Extension
public final class MetricsEndpoint implements HttpEndpoint {

    static final String PATH = "/metrics";

    private final HttpRoute route;
    private final CallMetrics metrics;

    /**
     * @param settings the plugin's settings
     * @param metrics  the plugin's instruments
     */
    @Inject
    public MetricsEndpoint(MetricsSettings settings, CallMetrics metrics) {
        this.route = HttpRoute.of("GET", PATH, settings.access());
        this.metrics = metrics;
    }

    @Override
    public HttpRoute route() {
        return route;
    }

    @Override
    public EndpointResponse handle(EndpointRequest request) {
        ByteArrayOutputStream body = new ByteArrayOutputStream(16 * 1024);
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        // Prometheus looks for its optional formats by class name; they are in this plugin's class loader.
        thread.setContextClassLoader(MetricsEndpoint.class.getClassLoader());
        String contentType;
        try {
            contentType = metrics.scrape(request.headers().firstValue("Accept").orElse(null), body);
        } catch (IOException e) {
            throw new UncheckedIOException("could not render the metrics", e);
        } finally {
            thread.setContextClassLoader(previous);
        }
        return new EndpointResponse.Complete(200, Map.of("Content-Type", List.of(contentType)), body.toByteArray());
    }
}
