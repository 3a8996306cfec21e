package dev.switchboard.plugin.archfixture.alpha.domain;

import dev.switchboard.plugin.archfixture.alpha.application.AlphaUsesItsDomain;

/**
 * Breaks {@code feature_plugins_are_onions} (the domain reaches outwards) and, with {@code AlphaUsesItsDomain}
 * reaching back, {@code packages_are_free_of_cycles}.
 */
final class AlphaDomainCallsAUseCase {

    String name(AlphaUsesItsDomain useCase) {
        return useCase.name(new AlphaThing("called"));
    }
}
