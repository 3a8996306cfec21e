package dev.switchboard.ports.health;

import java.util.List;

import org.pf4j.ExtensionPoint;

/**
 * Extension point through which a plugin reports on its own state to {@code switchboard doctor}: stored data within
 * its retention limits, files with the right permissions, anything an operator should act on. The doctor runs each
 * check once, on a kernel started without transports, after every {@link dev.switchboard.ports.plugin.ManagedService}
 * has started.
 *
 * <p>A check must not change state beyond what the plugin's own start-up already does, must finish within a few
 * seconds, and should report a failure to inspect something as a {@link HealthFinding.Severity#PROBLEM} finding
 * rather than throw; an exception is reported as a problem naming the check.
 */
public interface HealthCheck extends ExtensionPoint {

    /** @return a short name for the report, such as {@code receipts}; the report puts the plugin's id before it */
    String name();

    /**
     * @return what was found, in the order to print; never null, may be empty
     */
    List<HealthFinding> examine();
}
