package dev.switchboard.kernel.archfixture.cycle.b;

import dev.switchboard.kernel.archfixture.cycle.a.CycleA;

/** The other half of a package cycle inside the kernel ({@code packages_are_free_of_cycles}). */
public final class CycleB {

    /**
     * Names this half, after looking at the first.
     *
     * @return the name
     */
    public String name() {
        return CycleA.class.getSimpleName() + "B";
    }
}
