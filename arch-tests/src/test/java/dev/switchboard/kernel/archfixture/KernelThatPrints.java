package dev.switchboard.kernel.archfixture;

/** Breaks {@code only_the_stdio_transport_touches_standard_in_and_out}: a status line printed to stdout. */
final class KernelThatPrints {

    void announce() {
        System.out.println("kernel started");
    }
}
