package dev.switchboard.ports.archfixture;

/** Breaks {@code ports_hold_only_contracts}: a class with mutable state in the SPI. */
public class PortWithState {

    private int calls;

    /**
     * Counts one more call.
     *
     * @return the count so far
     */
    public int count() {
        calls++;
        return calls;
    }
}
