package dev.switchboard.plugin.metrics.application;

import java.util.Locale;
import java.util.Set;

import jakarta.inject.Inject;

import dev.switchboard.ports.http.HttpRoute;
import dev.switchboard.ports.plugin.InvalidSettingException;
import dev.switchboard.ports.plugin.PluginContext;
import dev.switchboard.ports.plugin.PluginSettings;

/**
 * The plugin's settings ({@code plugins.metrics} in {@code application.yaml}):
 * <ul>
 *   <li>{@code access}: who may scrape, {@code owner} (default: the owner token), {@code authenticated} (any token
 *       the server accepts) or {@code none} (anyone who passes the Host/Origin allowlist; for a scraper on the same
 *       machine that holds no token);</li>
 *   <li>{@code jvm-metrics}: whether to include the JVM's memory, GC, thread and class-loading metrics (default
 *       {@code true}).</li>
 * </ul>
 * Immutable.
 */
public final class MetricsSettings {

    static final String ACCESS = "access";
    static final String JVM_METRICS = "jvm-metrics";

    private final HttpRoute.Access access;
    private final boolean jvmMetrics;

    /**
     * @param context the plugin's context
     * @throws InvalidSettingException if a key is unknown or a value malformed
     */
    @Inject
    public MetricsSettings(PluginContext context) {
        PluginSettings settings = context.settings();
        settings.requireKnownKeys(Set.of(ACCESS, JVM_METRICS));
        String value = settings.text(ACCESS, "owner");
        this.access = switch (value.toLowerCase(Locale.ROOT)) {
            case "owner" -> HttpRoute.Access.OWNER;
            case "authenticated" -> HttpRoute.Access.AUTHENTICATED;
            case "none" -> HttpRoute.Access.NONE;
            default -> throw settings.invalid(ACCESS, value, "one of owner, authenticated, none");
        };
        this.jvmMetrics = settings.flag(JVM_METRICS, true);
    }

    /** @return who may scrape */
    public HttpRoute.Access access() {
        return access;
    }

    /** @return whether the JVM's own metrics are included */
    public boolean jvmMetrics() {
        return jvmMetrics;
    }
}
