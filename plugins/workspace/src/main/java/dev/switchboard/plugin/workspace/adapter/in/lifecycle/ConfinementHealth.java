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
 * The {@code doctor}'s report on the plugin's directories: confinement ({@code plugins.workspace.roots}) off, or the
 * roots, with a problem for each root that is not an existing directory (nothing under it could be opened), and for
 * a {@code plugins.workspace.home} that is not one ({@code workspace_open} without a cwd would fail): an operator
 * should hear about these before a client does. Stateless.
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
        return "directories";
    }

    @Override
    public List<HealthFinding> examine() {
        List<Path> roots = settings.roots();
        List<HealthFinding> findings = new ArrayList<>();
        findings.add(HealthFinding.ok(
                roots.isEmpty()
                        ? "confinement off: the file tools reach whatever the account can"
                                + " (set plugins.workspace.roots to confine them; bash is never confined)"
                        : "file tools confined to " + roots + " (bash is never confined)"));
        if (!Files.isDirectory(settings.home())) {
            findings.add(HealthFinding.problem("home " + settings.home() + " is not an existing directory, so"
                    + " workspace_open without a cwd fails; create it or fix plugins.workspace.home"));
        }
        for (Path root : roots) {
            if (!Files.isDirectory(root)) {
                findings.add(HealthFinding.problem("root " + root + " is not an existing directory, so nothing"
                        + " under it can be opened; create it or fix plugins.workspace.roots"));
            }
        }
        return findings;
    }
}
