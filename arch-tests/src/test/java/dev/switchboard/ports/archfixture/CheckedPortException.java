package dev.switchboard.ports.archfixture;

/** Breaks {@code ports_hold_only_contracts}: a checked exception type in the SPI. */
public class CheckedPortException extends Exception {

    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message what went wrong
     */
    public CheckedPortException(String message) {
        super(message);
    }
}
