package dev.switchboard.plugin.archfixture.alpha.adapter.in.health;

import java.util.List;

import org.pf4j.Extension;

import dev.switchboard.ports.health.HealthCheck;
import dev.switchboard.ports.health.HealthFinding;

/** Allowed: a public adapter class that is an {@code @Extension} entry point. */
@Extension
public final class AlphaHealth implements HealthCheck {

    @Override
    public String name() {
        return "alpha";
    }

    @Override
    public List<HealthFinding> examine() {
        return List.of();
    }
}
