package dev.switchboard.plugin.handoff.adapter.out.persistence;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

import jakarta.inject.Inject;

import dev.switchboard.plugin.handoff.application.port.out.LoadProjectsPort;
import dev.switchboard.plugin.handoff.application.port.out.RegisterProjectPort;
import dev.switchboard.plugin.handoff.application.port.out.Registration;
import dev.switchboard.plugin.handoff.domain.LegacyProject;
import dev.switchboard.plugin.handoff.domain.Project;
import dev.switchboard.plugin.handoff.domain.ProjectKey;

/** The project registry in {@code handoff_project}; registration and merges in one transaction. Thread-safe. */
public final class JooqProjectRepository implements LoadProjectsPort, RegisterProjectPort {

    private final Database db;
    private final ListChangeSignal listChanged;

    @Inject
    JooqProjectRepository(Database db, ListChangeSignal listChanged) {
        this.db = db;
        this.listChanged = listChanged;
    }

    @Override
    public Optional<Project> find(ProjectKey key) {
        return db.read(sql -> ProjectRows.find(sql, key));
    }

    @Override
    public List<Project> registered() {
        return db.read(ProjectRows::registered);
    }

    @Override
    public List<LegacyProject> legacy() {
        return db.read(sql -> ProjectRows.storedKeys(sql).stream()
                .filter(key -> !ProjectKey.isCanonical(key))
                .map(key -> ProjectRows.legacy(sql, key))
                .toList());
    }

    @Override
    public Registration register(ProjectKey key, String displayName, String registeredBy, Instant now) {
        return db.write(sql -> {
            Registration registration = new ProjectMerger(sql, key, now).register(displayName, registeredBy);
            if (!registration.merged().isEmpty()) {
                // the merged projects' handoffs moved: the listed handoff:// URIs changed
                listChanged.publish(sql);
            }
            return registration;
        });
    }
}
