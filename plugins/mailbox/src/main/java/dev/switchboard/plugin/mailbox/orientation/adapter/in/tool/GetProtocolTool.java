package dev.switchboard.plugin.mailbox.orientation.adapter.in.tool;

import jakarta.inject.Inject;

import dev.switchboard.plugin.mailbox.channel.application.CallerResolver;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolDescriptor;

/** {@code get_protocol}: the mailbox's behavioural contract, the text of {@code docs/mailbox-protocol.md}. */
public final class GetProtocolTool extends BundledTextTool {

    static final String NAME = "get_protocol";

    /** The file the build copies from {@code docs/} into the jar. */
    static final String FILE = "mailbox-protocol.md";

    /** The tool's descriptor: the kernel lists the tool by it before building it ({@code @BuiltOnFirstCall}). */
    public static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder(NAME)
            .title("The mailbox's behavioural contract")
            .description("Returns the full contract of this channel as Markdown: who may do what (the permission"
                    + " matrix), the work_status transition table, the debt loop, whose list a task lands in, waits,"
                    + " and answers to the questions that come up. Every participant may read it; read it once when"
                    + " you join a team instead of asking who can do what. Agreements of this team live in pins"
                    + " (team-charter, contract-version), not here. It is long: for what changed, call server_build.")
            .annotations(ToolAnnotations.readOnly())
            .build();

    @Inject
    GetProtocolTool(CallerResolver callers) {
        super(DESCRIPTOR, callers, FILE);
    }
}
