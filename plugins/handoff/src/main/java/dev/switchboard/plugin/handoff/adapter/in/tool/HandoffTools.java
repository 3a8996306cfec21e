package dev.switchboard.plugin.handoff.adapter.in.tool;

import java.util.List;

import jakarta.inject.Inject;

import org.pf4j.Extension;

import dev.switchboard.ports.tool.Tool;
import dev.switchboard.ports.tool.ToolProvider;

/**
 * The handoff plugin's tools: the ten Frontispice tools, under their original names so that existing prompts, the
 * Codex librarian skill and client allowlists keep working. No delete tool exists. Thread-safe: the tools are
 * stateless.
 */
@Extension
public final class HandoffTools implements ToolProvider {

    private final List<Tool> tools;

    @Inject
    HandoffTools(ListProjectsTool listProjects, RegisterProjectTool registerProject, PublishHandoffTool publish,
                 DeliveryStatusTool deliveryStatus, ListUpdatesTool listUpdates, ReadHandoffTool readHandoff,
                 RouteHandoffTool routeHandoff, MarkAppliedTool markApplied, AdvanceCursorTool advanceCursor,
                 ProjectStatusTool projectStatus) {
        this.tools = List.of(listProjects, registerProject, publish, deliveryStatus, listUpdates, readHandoff,
                routeHandoff, markApplied, advanceCursor, projectStatus);
    }

    @Override
    public List<Tool> tools() {
        return tools;
    }
}
