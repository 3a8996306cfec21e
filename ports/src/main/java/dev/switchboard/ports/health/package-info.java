/** Plugin self-reports for {@code switchboard doctor}: the {@link dev.switchboard.ports.health.HealthCheck} extension point. */
package dev.switchboard.ports.health;
