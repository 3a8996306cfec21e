package dev.switchboard.secretfiles.archfixture;

import dev.switchboard.plugin.archfixture.beta.BetaService;

/** Breaks {@code secret_files_depend_only_on_the_jdk}: the shared library reaches into a plugin. */
final class SecretFileThatKnowsAPlugin {

    String ask(BetaService beta) {
        return beta.answer();
    }
}
