package dev.switchboard.kernel.archfixture;

import dev.switchboard.plugin.archfixture.beta.BetaService;

/** Breaks {@code kernel_does_not_know_plugins}: the kernel calls into a plugin's class. */
final class KernelThatKnowsAPlugin {

    String ask(BetaService beta) {
        return beta.answer();
    }
}
