package dev.switchboard.plugin.workspace.adapter.in.tool;

import jakarta.inject.Inject;

import dev.switchboard.plugin.workspace.application.DescribeSkill;
import dev.switchboard.ports.tool.Arguments;
import dev.switchboard.ports.tool.Tool;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;
import dev.switchboard.ports.tool.ToolResult;

/** {@code skill_info}: the skills catalog, or one skill's instructions. */
public final class DescribeSkillTool implements Tool {

    static final String NAME = "skill_info";

    private static final String SCHEMA = """
            {
              "type": "object",
              "properties": {
                "workspace_id": {"type": "string", "minLength": 1, "description": "From workspace_open."},
                "name": {"type": "string", "minLength": 1, "description": "A skill's name; omit to list all skills."}
              },
              "required": ["workspace_id"],
              "additionalProperties": false
            }""";

    private static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder(NAME)
            .title("Describe a skill")
            .description("Lists the skills available in the workspace (SKILL.md folders under ~/.agents/skills,"
                    + " ~/.pi/agent/skills, <cwd>/.agents/skills and <cwd>/.pi/skills), or returns one skill's full"
                    + " instructions and frontmatter. Skills are instructions to follow with the other tools;"
                    + " nothing is executed.")
            .inputSchema(SCHEMA)
            .annotations(ToolAnnotations.readOnly())
            .build();

    private final DescribeSkill describe;

    @Inject
    DescribeSkillTool(DescribeSkill describe) {
        this.describe = describe;
    }

    @Override
    public ToolDescriptor descriptor() {
        return DESCRIPTOR;
    }

    @Override
    public ToolResult call(ToolCall call) {
        Arguments args = call.args();
        return Results.of(() -> describe.describe(
                args.text("workspace_id"), args.optionalText("name").orElse(null)));
    }
}
