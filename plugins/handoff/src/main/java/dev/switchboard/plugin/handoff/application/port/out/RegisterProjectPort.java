package dev.switchboard.plugin.handoff.application.port.out;

import java.time.Instant;

import dev.switchboard.plugin.handoff.domain.ProjectKey;

/** Registers a project and merges its legacy variants into it. */
public interface RegisterProjectPort {

    /**
     * In one transaction: creates the project unless it exists, then merges every legacy stored key that normalises
     * to {@code key} (handoffs resequenced by commit time with unchanged ids, cursors remapped by handoff identity,
     * the legacy keys removed). Calling it again changes nothing.
     *
     * @param key          the canonical key
     * @param displayName  the display name, used only when the project is created
     * @param registeredBy who registers it, used only when the project is created
     * @param now          the time of registration
     * @return what was done
     */
    Registration register(ProjectKey key, String displayName, String registeredBy, Instant now);
}
