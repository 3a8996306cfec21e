package dev.switchboard.plugin.archfixture.alpha.application;

import dev.switchboard.plugin.archfixture.alpha.application.port.out.SaveThingPort;
import dev.switchboard.plugin.archfixture.alpha.domain.AlphaThing;

/** Allowed: a use case that reaches storage through its outbound port. */
public final class AlphaKeepsThings {

    private final SaveThingPort store;

    /**
     * Takes the port.
     *
     * @param store where things are kept
     */
    public AlphaKeepsThings(SaveThingPort store) {
        this.store = store;
    }

    /**
     * Keeps a thing.
     *
     * @param name its name
     */
    public void keep(String name) {
        store.save(new AlphaThing(name));
    }
}
