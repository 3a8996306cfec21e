package dev.switchboard.plugin.mailbox.orientation.adapter.in.tool;

import jakarta.inject.Inject;

import dev.switchboard.plugin.mailbox.channel.application.CallerResolver;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolDescriptor;

/** {@code get_charter_template}: a starter team charter to adapt and propose. */
public final class GetCharterTemplateTool extends BundledTextTool {

    static final String NAME = "get_charter_template";

    static final String FILE = "charter-template.md";

    /** The tool's descriptor: the kernel lists the tool by it before building it ({@code @BuiltOnFirstCall}). */
    public static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder(NAME)
            .title("A starter team charter")
            .description(
                    "Returns a team charter to start a new channel with, as Markdown: a mission and goals skeleton,"
                            + " who owns what, and ten ground rules (agree before building, honest work_status, explicit"
                            + " consent, respect for the other side's territory, debts never dropped, a partner's bug is"
                            + " neither a blocker nor a workaround, ...). Replace the <placeholders>, propose it with"
                            + " send_message(to=\"*\", kind=\"proc\", pin_key=\"team-charter\", about_message_id=None, topic=...,"
                            + " body=<the charter>), and once every voter agreed, pin the same text with pin_set(key="
                            + "\"team-charter\", title=..., version=..., body=<the same text>, approved_by=<the proposal id>).")
            .annotations(ToolAnnotations.readOnly())
            .build();

    @Inject
    GetCharterTemplateTool(CallerResolver callers) {
        super(DESCRIPTOR, callers, FILE);
    }
}
