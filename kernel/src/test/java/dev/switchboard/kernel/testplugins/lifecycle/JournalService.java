package dev.switchboard.kernel.testplugins.lifecycle;

import jakarta.inject.Inject;

import org.pf4j.Extension;

import dev.switchboard.ports.plugin.ManagedService;
import dev.switchboard.ports.plugin.PluginContext;

/** Records its start and stop in the {@link Journal}; with setting {@code fail-start: true} its start throws. */
@Extension
public final class JournalService implements ManagedService {

    private final PluginContext context;

    @Inject
    public JournalService(PluginContext context) {
        this.context = context;
    }

    @Override
    public void start() {
        if (context.setting("fail-start").map(Boolean::parseBoolean).orElse(false)) {
            Journal.record("start-failed");
            throw new IllegalStateException("the service cannot start on purpose");
        }
        Journal.record("service-started");
    }

    @Override
    public void stop() {
        Journal.record("service-stopped");
    }
}
