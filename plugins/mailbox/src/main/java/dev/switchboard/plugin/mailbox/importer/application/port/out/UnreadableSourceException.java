package dev.switchboard.plugin.mailbox.importer.application.port.out;

/** The source file cannot be read as a channel database; the message names the file and why, in one line. */
public final class UnreadableSourceException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /**
     * @param message the file and why
     * @param cause   the driver's exception, or null
     */
    public UnreadableSourceException(String message, Throwable cause) {
        super(message, cause);
    }
}
