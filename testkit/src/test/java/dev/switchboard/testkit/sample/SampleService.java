package dev.switchboard.testkit.sample;

import jakarta.inject.Inject;

import org.pf4j.Extension;

import dev.switchboard.ports.plugin.ManagedService;

/** Records its start and stop in the journal. */
@Extension
public final class SampleService implements ManagedService {

    private final Journal journal;

    /** @param journal where to record */
    @Inject
    public SampleService(Journal journal) {
        this.journal = journal;
    }

    @Override
    public void start() {
        journal.add("started");
    }

    @Override
    public void stop() {
        journal.add("stopped");
    }
}
