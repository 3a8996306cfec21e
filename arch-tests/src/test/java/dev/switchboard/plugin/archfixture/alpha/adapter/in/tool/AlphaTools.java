package dev.switchboard.plugin.archfixture.alpha.adapter.in.tool;

import java.util.List;

import org.pf4j.Extension;

import dev.switchboard.ports.tool.Tool;
import dev.switchboard.ports.tool.ToolProvider;

/** Allowed: a public adapter class that is an {@code @Extension} entry point. */
@Extension
public final class AlphaTools implements ToolProvider {

    @Override
    public List<Tool> tools() {
        return List.of();
    }
}
