package dev.switchboard.plugin.archfixture.alpha.feature.adapter.out.persistence;

import dev.switchboard.plugin.archfixture.alpha.adapter.out.persistence.AlphaSharedRows;

/** A capability's persistence adapter that uses its plugin's shared core helper. */
final class AlphaFeatureStore {

    int rows() {
        return AlphaSharedRows.count();
    }
}
