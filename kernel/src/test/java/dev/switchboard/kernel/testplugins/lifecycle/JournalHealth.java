package dev.switchboard.kernel.testplugins.lifecycle;

import java.util.List;

import jakarta.inject.Inject;

import org.pf4j.Extension;

import dev.switchboard.ports.health.HealthCheck;
import dev.switchboard.ports.health.HealthFinding;
import dev.switchboard.ports.plugin.PluginContext;

/** Reports one fact and, with setting {@code problem: <text>}, one problem; with {@code throw: true} it throws. */
@Extension
public final class JournalHealth implements HealthCheck {

    private final PluginContext context;

    @Inject
    public JournalHealth(PluginContext context) {
        this.context = context;
    }

    @Override
    public String name() {
        return "journal";
    }

    @Override
    public List<HealthFinding> examine() {
        if (context.setting("throw").map(Boolean::parseBoolean).orElse(false)) {
            throw new IllegalStateException("cannot read the journal");
        }
        return context.setting("problem")
                .map(problem -> List.of(HealthFinding.ok("journal readable"), HealthFinding.problem(problem)))
                .orElse(List.of(HealthFinding.ok("journal readable")));
    }
}
