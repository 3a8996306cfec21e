package dev.switchboard.plugin.metrics.application;

import java.io.IOException;
import java.io.OutputStream;

import jakarta.inject.Inject;
import jakarta.inject.Provider;

import dev.switchboard.ports.observe.ToolCallOutcome;
import dev.switchboard.ports.storage.SqlStorage;
import dev.switchboard.ports.transport.TransportStatus;

/**
 * The metrics the plugin keeps, and their rendering. The Prometheus instruments are created on first use (the first
 * tool call or scrape), not when the plugin starts, so the server's start does not load them. Thread-safe.
 */
public final class CallMetrics {

    private final MetricsSettings settings;
    private final TransportStatus transports;
    private final Provider<SqlStorage> storage;
    private volatile Instruments instruments;

    /**
     * @param settings   the plugin's settings
     * @param transports the running transports' sessions
     * @param storage    the server's storage (its counters are read at scrape time)
     */
    @Inject
    public CallMetrics(MetricsSettings settings, TransportStatus transports, Provider<SqlStorage> storage) {
        this.settings = settings;
        this.transports = transports;
        this.storage = storage;
    }

    /** A call has started. */
    public void started() {
        instruments().started();
    }

    /**
     * A call has finished.
     *
     * @param tool          the tool's name, or what the client sent for a protocol error
     * @param outcome       how it ended
     * @param durationNanos how long it took, in nanoseconds
     */
    public void finished(String tool, ToolCallOutcome outcome, long durationNanos) {
        instruments().finished(tool, outcome, durationNanos);
    }

    /**
     * Writes every metric in the format the scraper accepts.
     *
     * @param accept the request's {@code Accept} header, or null
     * @param out    where to write
     * @return the content type written
     * @throws IOException if writing fails
     */
    public String scrape(String accept, OutputStream out) throws IOException {
        return instruments().scrape(accept, out);
    }

    private Instruments instruments() {
        Instruments current = instruments;
        if (current == null) {
            synchronized (this) {
                current = instruments;
                if (current == null) {
                    current = new Instruments(settings.jvmMetrics(), transports, storage);
                    instruments = current;
                }
            }
        }
        return current;
    }
}
