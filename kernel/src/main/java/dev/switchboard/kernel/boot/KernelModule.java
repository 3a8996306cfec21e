package dev.switchboard.kernel.boot;

import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import com.google.inject.multibindings.Multibinder;

import dev.switchboard.kernel.auth.KernelAuthenticator;
import dev.switchboard.kernel.auth.OwnerTokenLoader;
import dev.switchboard.kernel.auth.TokenStore;
import dev.switchboard.kernel.catalog.SecretScannerRegistry;
import dev.switchboard.kernel.config.SwitchboardConfig;
import dev.switchboard.kernel.core.BuildInfo;
import dev.switchboard.kernel.exec.DefaultProcessExecutor;
import dev.switchboard.kernel.plugin.PluginStateSummaries;
import dev.switchboard.kernel.plugin.StorageAccess;
import dev.switchboard.kernel.secrets.DefaultSecretScanner;
import dev.switchboard.kernel.tools.ServedToolCatalog;
import dev.switchboard.kernel.transport.TransportRunner;
import dev.switchboard.ports.auth.Authenticator;
import dev.switchboard.ports.exec.ProcessExecutor;
import dev.switchboard.ports.secrets.SecretScanner;
import dev.switchboard.ports.signal.ChangeSignals;
import dev.switchboard.ports.storage.SqlStorage;
import dev.switchboard.ports.summary.StateSummaries;
import dev.switchboard.ports.tool.ToolListChanges;
import dev.switchboard.ports.transport.TransportStatus;

/**
 * The kernel's bindings: configuration, build facts, the services every plugin's injector inherits
 * ({@link SecretScanner}, {@link ProcessExecutor}, {@link SqlStorage} and its {@link ChangeSignals},
 * {@link TransportStatus}, the {@link StateSummaries} of the plugins past their start, {@link ToolListChanges} for a
 * plugin whose tool listing changed), and the {@link Authenticator} handed to
 * transports, which asks each bound {@link TokenStore} (the owner token's first; more can be added to the set). The
 * authenticator is created lazily, so the owner token file is read (or generated) only when {@code serve} starts its
 * transports, never by {@code doctor}. Bindings only.
 */
public final class KernelModule extends AbstractModule {

    private final SwitchboardConfig config;
    private final BuildInfo build;

    /**
     * @param config the configuration read at start-up
     * @param build  facts about this build
     */
    public KernelModule(SwitchboardConfig config, BuildInfo build) {
        this.config = config;
        this.build = build;
    }

    @Override
    protected void configure() {
        bind(SwitchboardConfig.class).toInstance(config);
        bind(BuildInfo.class).toInstance(build);
        SecretScannerRegistry scanners = new SecretScannerRegistry(new DefaultSecretScanner());
        bind(SecretScannerRegistry.class).toInstance(scanners);
        bind(SecretScanner.class).toInstance(scanners);
        bind(ProcessExecutor.class).to(DefaultProcessExecutor.class).asEagerSingleton();
        bind(SqlStorage.class).toProvider(StorageAccess.class);
        Multibinder.newSetBinder(binder(), TokenStore.class).addBinding().toProvider(OwnerTokenLoader.class);
        bind(Authenticator.class).to(KernelAuthenticator.class);
        bind(TransportStatus.class).to(TransportRunner.class);
        bind(StateSummaries.class).to(PluginStateSummaries.class);
        bind(ToolListChanges.class).to(ServedToolCatalog.class);
    }

    /**
     * The change signals on the open storage's relay (ADR 17): a publish runs inside that storage's transaction, so the
     * two are never bound apart.
     *
     * @throws dev.switchboard.ports.storage.StorageException if no storage is open
     */
    @Provides
    ChangeSignals signals(StorageAccess storage) {
        return storage.signals();
    }
}
