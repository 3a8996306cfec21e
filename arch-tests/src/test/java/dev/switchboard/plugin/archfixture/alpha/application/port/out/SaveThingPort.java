package dev.switchboard.plugin.archfixture.alpha.application.port.out;

import dev.switchboard.plugin.archfixture.alpha.domain.AlphaThing;

/** The fixture plugin's outbound port, which its persistence adapter implements. */
public interface SaveThingPort {

    /**
     * Stores a thing.
     *
     * @param thing the thing
     */
    void save(AlphaThing thing);
}
