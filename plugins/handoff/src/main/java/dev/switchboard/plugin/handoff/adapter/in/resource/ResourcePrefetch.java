package dev.switchboard.plugin.handoff.adapter.in.resource;

import jakarta.inject.Inject;

import org.pf4j.Extension;

import dev.switchboard.ports.plugin.ManagedService;

/**
 * Starts fetching the listed recent handoffs when the plugin starts, so the query (and jOOQ's first use) overlaps
 * the rest of the server's start-up instead of following it. Nothing to stop.
 */
@Extension
public final class ResourcePrefetch implements ManagedService {

    private final RecentHandoffs recent;

    @Inject
    ResourcePrefetch(RecentHandoffs recent) {
        this.recent = recent;
    }

    @Override
    public void start() {
        recent.prefetch();
    }

    @Override
    public void stop() {
        // the prefetch ends on its own; the first listing waits for it
    }
}
