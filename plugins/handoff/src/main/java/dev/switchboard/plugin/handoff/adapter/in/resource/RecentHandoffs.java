package dev.switchboard.plugin.handoff.adapter.in.resource;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.switchboard.plugin.handoff.application.ReadHandoff;
import dev.switchboard.plugin.handoff.domain.HandoffSummary;

/**
 * The recent handoffs that {@link HandoffResources} lists. The first list is needed while the server starts (the MCP
 * server is assembled with the concrete resources), and its query is the first use of jOOQ there, so it can be
 * fetched ahead on a virtual thread ({@link #prefetch()}, at plugin start) while the rest of the start-up runs on the
 * main thread; the first {@link #recent()} takes that answer, every later one queries afresh. Thread-safe.
 */
@Singleton
final class RecentHandoffs {

    /** How many recent handoffs are listed. */
    static final int LISTED = 50;

    private static final Logger LOG = LoggerFactory.getLogger(RecentHandoffs.class);

    private final ReadHandoff readHandoff;
    private volatile CompletableFuture<List<HandoffSummary>> prefetched;

    @Inject
    RecentHandoffs(ReadHandoff readHandoff) {
        this.readHandoff = readHandoff;
    }

    /** Starts fetching the first list on a virtual thread; returns at once. */
    void prefetch() {
        CompletableFuture<List<HandoffSummary>> future = new CompletableFuture<>();
        prefetched = future;
        Thread.ofVirtual().name("handoff-resources-prefetch").start(() -> {
            try {
                future.complete(readHandoff.recent(LISTED));
            } catch (RuntimeException e) {
                future.completeExceptionally(e);
            }
        });
    }

    /** @return the most recent handoffs, newest first */
    List<HandoffSummary> recent() {
        CompletableFuture<List<HandoffSummary>> first = prefetched;
        if (first != null) {
            prefetched = null;
            try {
                return first.join();
            } catch (CompletionException e) {
                LOG.debug("prefetched handoff list failed; querying again", e.getCause());
            }
        }
        return readHandoff.recent(LISTED);
    }
}
