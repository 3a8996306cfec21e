package dev.switchboard.plugin.workspace;

import com.google.inject.AbstractModule;

import dev.switchboard.plugin.workspace.adapter.out.persistence.JooqReceiptStore;
import dev.switchboard.plugin.workspace.application.port.out.ReceiptStore;

/**
 * Guice bindings of the {@code workspace} plugin, installed in its child injector: the receipt store to its jOOQ
 * repository. Everything else (use cases, the workspace registry, tools, migrations, the life-cycle service and
 * health check) is built from its {@code @Inject} constructor. The kernel's injector supplies {@code SqlStorage},
 * {@code ProcessExecutor} and {@code PluginContext}. Bindings only: nothing here does I/O or reads configuration.
 */
public final class WorkspaceModule extends AbstractModule {

    @Override
    protected void configure() {
        bind(ReceiptStore.class).to(JooqReceiptStore.class);
    }
}
