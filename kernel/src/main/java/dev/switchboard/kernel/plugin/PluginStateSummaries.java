package dev.switchboard.kernel.plugin;

import java.util.List;

import jakarta.inject.Inject;
import jakarta.inject.Provider;
import jakarta.inject.Singleton;

import dev.switchboard.ports.summary.StateSummaries;
import dev.switchboard.ports.summary.StateSummary;

/**
 * The kernel's {@link StateSummaries}: the {@link StateSummary} extensions of every plugin past phase one, asked of
 * the {@link PluginHost} at each call (a plugin that failed or stopped has left its start order, so its contribution
 * is gone at once). In a serving kernel those are the started plugins; for a plugin subcommand, the plugins
 * {@link PluginHost#prepareFor} prepared, which include every plugin whose descriptor says
 * {@value PluginHost#SUMMARY_PROPERTY}. Each extension is built by its plugin's injector (a {@code @Singleton}
 * extension once). Thread-safe as far as the host's start order is read while the boot thread does not change it.
 */
@Singleton
public final class PluginStateSummaries implements StateSummaries {

    private final Provider<PluginHost> host;

    @Inject
    PluginStateSummaries(Provider<PluginHost> host) {
        this.host = host;
    }

    @Override
    public List<StateSummary> contributors() {
        return host.get().extensions(StateSummary.class).values().stream()
                .flatMap(List::stream)
                .toList();
    }
}
