package dev.switchboard.plugin.archfixture.alpha.application;

import dev.switchboard.plugin.archfixture.alpha.adapter.out.persistence.AlphaStore;
import dev.switchboard.plugin.archfixture.alpha.domain.AlphaThing;

/** Breaks {@code feature_plugins_are_onions}: a use case that names its adapter instead of its port. */
final class AlphaUseCaseUsesTheStore {

    void keep(AlphaStore store) {
        store.save(new AlphaThing("kept"));
    }
}
