package dev.switchboard.plugin.metrics;

import org.pf4j.Plugin;

/**
 * PF4J entry of the {@code metrics} plugin. No lifecycle work: the instruments are created on the first tool call or
 * scrape, so Prometheus' classes are not loaded while the server starts.
 */
public final class MetricsPlugin extends Plugin {

    /** Called by PF4J. */
    public MetricsPlugin() {
        super();
    }
}
