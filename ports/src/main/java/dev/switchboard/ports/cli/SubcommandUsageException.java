package dev.switchboard.ports.cli;

/**
 * Thrown by {@link Subcommand#run} when the command line is wrong (a missing or extra positional argument, an option
 * value out of range): the kernel prints the message and the subcommand's usage on standard error and exits with
 * {@link Subcommand#usageStatus()}.
 */
public class SubcommandUsageException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** @param message what is wrong and what is expected, such as {@code expected one PATH, got 2 arguments} */
    public SubcommandUsageException(String message) {
        super(message);
    }
}
