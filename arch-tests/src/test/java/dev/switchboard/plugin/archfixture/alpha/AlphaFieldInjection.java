package dev.switchboard.plugin.archfixture.alpha;

import jakarta.inject.Inject;

import dev.switchboard.plugin.archfixture.alpha.domain.AlphaThing;

/** Breaks {@code no_class_uses_field_injection}: a dependency injected into a field. */
final class AlphaFieldInjection {

    @Inject
    AlphaThing thing;

    String name() {
        return thing.name();
    }
}
