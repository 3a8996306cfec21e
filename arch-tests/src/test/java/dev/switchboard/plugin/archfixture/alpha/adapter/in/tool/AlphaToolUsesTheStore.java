package dev.switchboard.plugin.archfixture.alpha.adapter.in.tool;

import dev.switchboard.plugin.archfixture.alpha.adapter.out.persistence.AlphaStore;
import dev.switchboard.plugin.archfixture.alpha.domain.AlphaThing;

/** Breaks {@code feature_plugins_are_onions}: an inbound adapter that goes around the use case to the store. */
final class AlphaToolUsesTheStore {

    void keep(AlphaStore store) {
        store.save(new AlphaThing("kept"));
    }
}
