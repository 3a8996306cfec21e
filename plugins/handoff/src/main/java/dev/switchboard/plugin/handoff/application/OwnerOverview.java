package dev.switchboard.plugin.handoff.application;

import jakarta.inject.Inject;

import dev.switchboard.plugin.handoff.application.port.out.LoadOverviewPort;

/**
 * The server owner's overview of every handoff project: its latest sequence, each consumer's cursor and what is
 * pending for it, at most {@code limit} projects and {@value #CONSUMERS_PER_PROJECT} consumers per project in one
 * read, the rest counted. Reads only. Thread-safe.
 */
public final class OwnerOverview {

    /** The most consumers listed per project; the rest are counted. */
    public static final int CONSUMERS_PER_PROJECT = 20;

    private final LoadOverviewPort overview;

    @Inject
    OwnerOverview(LoadOverviewPort overview) {
        this.overview = overview;
    }

    /**
     * @param limit the most projects to list, at least 1
     * @return the page
     * @throws IllegalArgumentException if {@code limit} is below 1
     */
    public LoadOverviewPort.Overview read(int limit) {
        return overview.overview(limit, CONSUMERS_PER_PROJECT);
    }
}
