package dev.switchboard.plugin.handoff.application.port.out;

import java.util.List;
import java.util.Objects;

import dev.switchboard.plugin.handoff.domain.Sequence;

/** Reads every project's latest sequence and consumer cursors for the owner's overview, in one query. */
public interface LoadOverviewPort {

    /**
     * One consumer's position in a project. Immutable.
     *
     * @param consumer the consumer
     * @param through  its cursor (the handled prefix)
     * @param pending  how many of the project's handoffs it has not handled ({@code Cursor.pending})
     */
    record ConsumerLine(String consumer, Sequence through, long pending) {
        /** @throws NullPointerException if a component is null */
        public ConsumerLine {
            Objects.requireNonNull(consumer, "consumer");
            Objects.requireNonNull(through, "through");
        }
    }

    /**
     * One project of the overview. Immutable.
     *
     * @param storedKey     the project's stored key (a legacy, non-canonical key included as stored)
     * @param latest        its latest sequence
     * @param consumers     the first consumers with a cursor, by consumer
     * @param moreConsumers how many consumers with a cursor were left out past the per-project limit
     */
    record ProjectLine(String storedKey, Sequence latest, List<ConsumerLine> consumers, long moreConsumers) {
        /** @throws NullPointerException if a component is null */
        public ProjectLine {
            Objects.requireNonNull(storedKey, "storedKey");
            Objects.requireNonNull(latest, "latest");
            consumers = List.copyOf(consumers);
        }
    }

    /**
     * The overview's page. Immutable.
     *
     * @param projects the first projects, by stored key
     * @param more     how many projects were left out past the limit
     */
    record Overview(List<ProjectLine> projects, long more) {
        /** Copies the list. */
        public Overview {
            projects = List.copyOf(projects);
        }
    }

    /**
     * @param projects  the most projects to read, at least 1
     * @param consumers the most consumers to read per project, at least 1
     * @return the page, in one read
     */
    Overview overview(int projects, int consumers);
}
