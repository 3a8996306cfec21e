package dev.switchboard.ports.call;

/**
 * Sends {@code notifications/progress} for the current call (MCP 2025-11-25, "Progress"). When the client gave no
 * progress token the reports are dropped silently. Implementations MUST be thread-safe.
 */
public interface ProgressReporter {

    /** A reporter that drops every report. */
    ProgressReporter NONE = (progress, total, message) -> {};

    /**
     * Reports progress.
     *
     * @param progress how far the call is; MUST increase from one report to the next
     * @param total    the value {@code progress} reaches when done, or null when unknown
     * @param message  a short human-readable note, or null
     */
    void report(double progress, Double total, String message);
}
