package dev.switchboard.kernel.cli;

import java.util.List;
import java.util.Map;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.switchboard.ports.health.HealthCheck;
import dev.switchboard.ports.health.HealthFinding;

/**
 * Runs the plugins' {@link HealthCheck}s for the doctor and enters their findings in its report, each line prefixed
 * with the plugin id and the check's name. A check that throws is reported as a problem; it never stops the doctor.
 */
final class PluginHealthChecks {

    private static final Logger LOG = LoggerFactory.getLogger(PluginHealthChecks.class);

    private final DoctorReport report;

    PluginHealthChecks(DoctorReport report) {
        this.report = report;
    }

    void examine(Map<String, List<HealthCheck>> checksByPlugin) {
        checksByPlugin.forEach((pluginId, checks) -> checks.forEach(check -> examine(pluginId, check)));
    }

    private void examine(String pluginId, HealthCheck check) {
        String prefix = pluginId + " " + check.name() + ": ";
        try {
            for (HealthFinding finding : check.examine()) {
                String line = prefix + finding.message();
                switch (finding.severity()) {
                    case OK -> report.ok(line);
                    case WARNING -> report.warning(line);
                    case UNKNOWN -> report.unknown(line);
                    case PROBLEM -> report.problem(line);
                }
            }
        } catch (RuntimeException e) {
            LOG.warn("health check {} of plugin {} failed", check.name(), pluginId, e);
            report.problem(prefix + "the check itself failed: " + e.getMessage());
        }
    }
}
