package dev.switchboard.plugin.archfixture.alpha;

import com.google.inject.AbstractModule;

import dev.switchboard.plugin.archfixture.alpha.adapter.out.persistence.AlphaStore;
import dev.switchboard.plugin.archfixture.alpha.application.port.out.SaveThingPort;
import dev.switchboard.plugin.archfixture.alpha.domain.AlphaThing;

/** A module as it should be: named *Module, final, beside the plugin class, bindings only. */
public final class AlphaModule extends AbstractModule {

    @Override
    protected void configure() {
        bind(AlphaThing.class).toInstance(new AlphaThing("alpha"));
        bind(SaveThingPort.class).to(AlphaStore.class);
    }
}
