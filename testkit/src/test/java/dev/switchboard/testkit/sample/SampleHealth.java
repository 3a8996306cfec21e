package dev.switchboard.testkit.sample;

import java.util.List;

import jakarta.inject.Inject;

import org.pf4j.Extension;

import dev.switchboard.ports.health.HealthCheck;
import dev.switchboard.ports.health.HealthFinding;

/** Reports how many entries the journal holds. */
@Extension
public final class SampleHealth implements HealthCheck {

    private final Journal journal;

    /** @param journal what to report on */
    @Inject
    public SampleHealth(Journal journal) {
        this.journal = journal;
    }

    @Override
    public String name() {
        return "journal";
    }

    @Override
    public List<HealthFinding> examine() {
        return List.of(HealthFinding.ok(journal.entries().size() + " journal entries"));
    }
}
