package dev.switchboard.plugin.workspace.adapter.in.lifecycle;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import jakarta.inject.Inject;

import org.pf4j.Extension;

import dev.switchboard.plugin.workspace.application.WorkspaceSettings;
import dev.switchboard.ports.health.HealthCheck;
import dev.switchboard.ports.health.HealthFinding;

/**
 * The {@code doctor}'s report on confinement ({@code plugins.workspace.roots}): off, or the roots, with a problem for
 * each root that is not an existing directory (nothing under it could be opened, which an operator should hear about
 * before a client does). Stateless.
 */
@Extension
public final class ConfinementHealth implements HealthCheck {

    private final WorkspaceSettings settings;

    @Inject
    ConfinementHealth(WorkspaceSettings settings) {
        this.settings = settings;
    }

    @Override
    public String name() {
        return "workspace confinement";
    }

    @Override
    public List<HealthFinding> examine() {
        List<Path> roots = settings.roots();
        if (roots.isEmpty()) {
            return List.of(HealthFinding.ok("off: the file tools reach whatever the account can"
                    + " (set plugins.workspace.roots to confine them; bash is never confined)"));
        }
        List<HealthFinding> findings = new ArrayList<>();
        findings.add(HealthFinding.ok("file tools confined to " + roots + " (bash is never confined)"));
        for (Path root : roots) {
            if (!Files.isDirectory(root)) {
                findings.add(HealthFinding.problem("root " + root + " is not an existing directory, so nothing"
                        + " under it can be opened; create it or fix plugins.workspace.roots"));
            }
        }
        return findings;
    }
}
