package dev.switchboard.plugin.archfixture.alpha;

import dev.switchboard.plugin.archfixture.beta.BetaService;

/** Breaks {@code plugins_do_not_depend_on_each_other}: alpha calls into its sibling plugin beta. */
final class AlphaUsesBeta {

    String ask(BetaService beta) {
        return beta.answer();
    }
}
