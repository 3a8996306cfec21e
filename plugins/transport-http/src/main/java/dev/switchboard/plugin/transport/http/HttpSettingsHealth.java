package dev.switchboard.plugin.transport.http;

import java.util.List;

import jakarta.inject.Inject;

import org.pf4j.Extension;

import dev.switchboard.bridge.mcp.transport.OriginPolicy;
import dev.switchboard.ports.health.HealthCheck;
import dev.switchboard.ports.health.HealthFinding;
import dev.switchboard.ports.plugin.InvalidSettingException;
import dev.switchboard.ports.plugin.PluginContext;
import dev.switchboard.ports.transport.TransportException;

/**
 * The {@code doctor}'s report on this transport's settings. They are read when the transport starts, which
 * {@code doctor} never does (and {@code serve} only with {@code --http}), so without this check a malformed setting
 * would show only when someone serves HTTP. Stateless.
 */
@Extension
public final class HttpSettingsHealth implements HealthCheck {

    private final PluginContext plugin;

    @Inject
    HttpSettingsHealth(PluginContext plugin) {
        this.plugin = plugin;
    }

    @Override
    public String name() {
        return "settings";
    }

    @Override
    public List<HealthFinding> examine() {
        try {
            HttpSettings settings = HttpSettings.from(plugin);
            new OriginPolicy(settings.allowedHosts(), settings.allowedOrigins(), HttpSettings.PREFIX);
            return List.of(HealthFinding.ok("serve --http listens on " + settings.host() + ":" + settings.port()
                    + " (plugins.transport-http)"));
        } catch (InvalidSettingException | TransportException e) {
            return List.of(HealthFinding.problem(e.getMessage() + "; serve --http would refuse to start"));
        }
    }
}
