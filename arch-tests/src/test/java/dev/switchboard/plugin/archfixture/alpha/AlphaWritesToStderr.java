package dev.switchboard.plugin.archfixture.alpha;

/** Breaks {@code nothing_writes_to_standard_error_directly}: a warning printed past the logger. */
final class AlphaWritesToStderr {

    void warn() {
        System.err.println("careful");
    }
}
