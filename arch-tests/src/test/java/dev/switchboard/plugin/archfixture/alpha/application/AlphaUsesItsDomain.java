package dev.switchboard.plugin.archfixture.alpha.application;

import dev.switchboard.plugin.archfixture.alpha.domain.AlphaThing;

/** Allowed: a plugin's packages depend on each other freely, the slice rule only separates plugins. */
public final class AlphaUsesItsDomain {

    /**
     * Names a thing.
     *
     * @param thing the thing
     * @return its name
     */
    public String name(AlphaThing thing) {
        return thing.name();
    }
}
