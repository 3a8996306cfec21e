package dev.switchboard.attach;

/**
 * Attaching failed. {@link #fallBack()} says whether serving in-process would still work (the socket cannot be used:
 * the launcher then runs the in-process server, exit {@value AttachMain#IN_PROCESS}) or not (the server this client
 * started died: exit 1). The message is the one stderr line the client prints.
 */
final class AttachFailure extends Exception {

    private static final long serialVersionUID = 1L;

    private final boolean fallBack;

    /**
     * @param message  the one line saying why
     * @param fallBack whether the in-process server should serve instead
     */
    AttachFailure(String message, boolean fallBack) {
        super(message, null, false, false);
        this.fallBack = fallBack;
    }

    /** @return whether the in-process server should serve instead */
    boolean fallBack() {
        return fallBack;
    }
}
