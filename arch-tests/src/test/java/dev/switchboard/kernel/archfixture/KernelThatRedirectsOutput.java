package dev.switchboard.kernel.archfixture;

/** Breaks {@code nothing_writes_to_standard_error_directly}: only the stdio transport may redirect stdout. */
final class KernelThatRedirectsOutput {

    void silenceStrayPrints() {
        System.setOut(System.err);
    }
}
