package dev.switchboard.kernel.archfixture.cycle.a;

import dev.switchboard.kernel.archfixture.cycle.b.CycleB;

/** One half of a package cycle inside the kernel ({@code packages_are_free_of_cycles}). */
public final class CycleA {

    /**
     * Reaches the other package.
     *
     * @param other the other half
     * @return its name
     */
    public String name(CycleB other) {
        return other.name();
    }
}
