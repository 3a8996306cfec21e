package dev.switchboard.kernel.plugin;

import java.util.ArrayList;
import java.util.List;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import com.google.inject.ProvisionException;

import dev.switchboard.ports.summary.ActionableCount;
import dev.switchboard.ports.summary.StateSummaries;
import dev.switchboard.ports.summary.StateSummary;
import dev.switchboard.ports.summary.SummarySection;

/**
 * The kernel's {@link StateSummaries}: the {@link StateSummary} extensions of every plugin past phase one, asked of
 * {@link PreparedPlugins} at each call (a plugin that failed or stopped has left its start order, so its contribution
 * is gone at once). In a serving kernel those are the started plugins; for a plugin subcommand, the plugins
 * {@link PluginHost#prepareFor} prepared, which include every plugin whose descriptor says
 * {@code plugin.summary=true}. Each extension is built by its plugin's injector (a {@code @Singleton}
 * extension once). A plugin whose extensions cannot be built (a setting it refuses, say) is listed as a contributor
 * that throws that reason on every call, so each asker reports it as it reports any contributor's failure, and the
 * other plugins' contributions are still listed. Thread-safe as far as the host's start order is read while the boot
 * thread does not change it.
 */
@Singleton
public final class PluginStateSummaries implements StateSummaries {

    private final PreparedPlugins plugins;

    @Inject
    PluginStateSummaries(PreparedPlugins plugins) {
        this.plugins = plugins;
    }

    @Override
    public List<StateSummary> contributors() {
        List<StateSummary> found = new ArrayList<>();
        for (String id : plugins.ids()) {
            try {
                found.addAll(plugins.extensionsOf(id, StateSummary.class));
            } catch (RuntimeException e) {
                found.add(new Unbuildable(id, unwrapped(e)));
            }
        }
        return found;
    }

    private static RuntimeException unwrapped(RuntimeException e) {
        return e instanceof ProvisionException && e.getCause() instanceof RuntimeException cause ? cause : e;
    }

    /** A contribution whose plugin could not build it: every call throws why. */
    private record Unbuildable(String pluginId, RuntimeException reason) implements StateSummary {

        @Override
        public SummarySection overview(int limit) {
            throw reason;
        }

        @Override
        public List<ActionableCount> actionable() {
            throw reason;
        }
    }
}
