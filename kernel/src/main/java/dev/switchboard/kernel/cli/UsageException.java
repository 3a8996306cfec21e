package dev.switchboard.kernel.cli;

/** The command line is wrong (unknown command or flag, missing argument); the process exits with status 2. */
final class UsageException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String usage;

    UsageException(String message, String usage) {
        super(message);
        this.usage = usage;
    }

    /** @return the usage text of the command concerned */
    String usage() {
        return usage;
    }
}
