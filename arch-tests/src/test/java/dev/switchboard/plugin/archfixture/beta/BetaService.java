package dev.switchboard.plugin.archfixture.beta;

/** A class of the second fixture plugin that the first one must not use. */
public final class BetaService {

    /**
     * Answers.
     *
     * @return the answer
     */
    public String answer() {
        return "beta";
    }
}
