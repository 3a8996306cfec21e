package dev.switchboard.plugin.handoff.application;

import java.util.Optional;

import jakarta.inject.Inject;

import dev.switchboard.plugin.handoff.application.HandoffSettings.ConsumerSession;
import dev.switchboard.plugin.handoff.application.port.out.LoadCursorsPort;
import dev.switchboard.plugin.handoff.application.port.out.LoadProjectsPort;
import dev.switchboard.plugin.handoff.domain.Cursor;
import dev.switchboard.plugin.handoff.domain.Project;

/**
 * How many handoffs wait for the consumer this process's session reads for ({@code plugins.handoff.consumer} and
 * {@code plugins.handoff.project}): the project's handoffs past the consumer's cursor ({@link Cursor#pendingUpTo}). A
 * project not registered yet holds nothing, so nothing is pending; a consumer without a cursor has handled nothing.
 * Reads only. Thread-safe.
 */
public final class ConsumerPending {

    /**
     * What waits. Immutable.
     *
     * @param session the configured consumer and project
     * @param pending how many handoffs it has not handled, {@code >= 0}
     */
    public record Pending(ConsumerSession session, long pending) {}

    private final HandoffSettings settings;
    private final LoadProjectsPort projects;
    private final LoadCursorsPort cursors;

    @Inject
    ConsumerPending(HandoffSettings settings, LoadProjectsPort projects, LoadCursorsPort cursors) {
        this.settings = settings;
        this.projects = projects;
        this.cursors = cursors;
    }

    /**
     * @return what waits for the configured consumer, or empty when no consumer is configured
     * @throws dev.switchboard.plugin.handoff.application.port.out.StoreBusyException if the store is busy
     * @throws dev.switchboard.ports.storage.StorageException                          if it cannot be read
     */
    public Optional<Pending> pending() {
        return settings.consumerSession().map(session -> new Pending(session, count(session)));
    }

    private long count(ConsumerSession session) {
        Optional<Project> project = projects.find(session.project());
        if (project.isEmpty()) {
            return 0;
        }
        Cursor cursor = cursors.cursors(session.project()).stream()
                .filter(found -> found.consumer().equals(session.consumer()))
                .findFirst()
                .orElseGet(() -> Cursor.start(session.consumer()));
        return cursor.pendingUpTo(project.get().latest());
    }
}
