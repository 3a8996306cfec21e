package dev.switchboard.attach;

/**
 * Attaching failed. {@link #fallBack()} says whether serving in-process would still work (the socket cannot be used:
 * the launcher then runs the in-process server, exit {@value AttachMain#IN_PROCESS}) or not (the server this client
 * started died: exit 1), or a setting is refused ({@link #refused}: exit 2). The message is the one stderr line the client prints.
 */
final class AttachFailure extends Exception {

    private static final long serialVersionUID = 1L;

    private final boolean fallBack;
    private final int status;
    private final boolean quiet;

    /**
     * @param message  the one line saying why
     * @param fallBack whether the in-process server should serve instead (else the client exits 1)
     */
    AttachFailure(String message, boolean fallBack) {
        this(message, fallBack, 1, false);
    }

    private AttachFailure(String message, boolean fallBack, int status, boolean quiet) {
        super(message, null, false, false);
        this.fallBack = fallBack;
        this.status = status;
        this.quiet = quiet;
    }

    /**
     * A fall back the client says nothing about, since the in-process server says what matters itself, once: an
     * option the client does not serve (the server's usage error for an unknown one, its start line for another), a
     * state directory that is no directory (the server's refusal names it).
     *
     * @param message why, for tests and debugging; not printed
     * @return the failure
     */
    static AttachFailure fallBackQuietly(String message) {
        return new AttachFailure(message, true, 1, true);
    }

    /** @return whether the client prints nothing before falling back ({@link #fallBackQuietly}) */
    boolean quiet() {
        return quiet;
    }

    /**
     * A refusal the in-process server would repeat (a setting that is unknown or invalid): the client exits
     * {@value AttachMain#USAGE} with the message as its one stderr line, rather than falling back.
     *
     * @param message the one line saying why, naming the setting and where it was set
     * @return the failure
     */
    static AttachFailure refused(String message) {
        return refused(message, AttachMain.USAGE);
    }

    /**
     * A refusal the in-process server would repeat, with the status it would exit with.
     *
     * @param message the one line saying why
     * @param status  the exit status
     * @return the failure
     */
    static AttachFailure refused(String message, int status) {
        return new AttachFailure(message, false, status, false);
    }

    /** @return the exit status when not falling back: 1, or {@value AttachMain#USAGE} for a refused setting */
    int status() {
        return status;
    }

    /** @return whether the in-process server should serve instead */
    boolean fallBack() {
        return fallBack;
    }
}
