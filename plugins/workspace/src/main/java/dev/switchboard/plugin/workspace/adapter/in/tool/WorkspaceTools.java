package dev.switchboard.plugin.workspace.adapter.in.tool;

import java.util.List;

import jakarta.inject.Inject;

import org.pf4j.Extension;

import dev.switchboard.ports.tool.Tool;
import dev.switchboard.ports.tool.ToolProvider;

/**
 * The workspace plugin's ten tools (rig-bridge v0.1.2's nine execution and workspace tools plus {@code skill_info}),
 * under the original names so that prompts and client allowlists written for
 * it keep working. Thread-safe: the tools hold only thread-safe use cases.
 */
@Extension
public final class WorkspaceTools implements ToolProvider {

    private final List<Tool> tools;

    @Inject
    WorkspaceTools(OpenWorkspaceTool open, CloseWorkspaceTool close, ReadFileTool read, ListDirectoryTool ls,
                   FindFilesTool find, SearchTextTool grep, WriteFileTool write, EditFileTool edit,
                   RunCommandTool bash, DescribeSkillTool skillInfo) {
        this.tools = List.of(open, close, read, ls, find, grep, write, edit, bash, skillInfo);
    }

    @Override
    public List<Tool> tools() {
        return tools;
    }
}
