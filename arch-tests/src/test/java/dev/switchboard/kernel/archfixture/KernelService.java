package dev.switchboard.kernel.archfixture;

/** A kernel class that a fixture plugin reaches for, which it must not. */
public final class KernelService {

    /**
     * Names the kernel's version.
     *
     * @return the version
     */
    public String version() {
        return "0";
    }
}
