package dev.switchboard.plugin.mailbox.wait.adapter.in.tool;

import java.util.Map;

import jakarta.inject.Inject;

import dev.switchboard.plugin.mailbox.channel.adapter.in.tool.MailboxTool;
import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.CallerResolver;
import dev.switchboard.plugin.mailbox.hosted.application.HeldCredentials;
import dev.switchboard.plugin.mailbox.wait.application.WaitForMail;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;

/** {@code wait_for_mail}: sleep until something new is actionable for the caller. */
public final class WaitForMailTool extends MailboxTool {

    static final String NAME = "wait_for_mail";

    private static final String SCHEMA = """
            {
              "type": "object",
              "properties": {
                %s,
                "ignore_backlog": {"type": "boolean", "default": true,
                  "description": "Treat what is already pending as seen (default true); false returns at once when anything is pending."}
              },
              "additionalProperties": false
            }""".formatted(WaitArguments.budgetProperties(2.0));

    /** The tool's descriptor: the kernel lists the tool by it before building it ({@code @BuiltOnFirstCall}). */
    public static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder(NAME)
            .title("Wait until something new is for you")
            .description("Sleeps in the channel until something new is actionable for you: new mail, a debt you have"
                    + " not taken, a proposal to decide, a blocker gone, the ball thrown back, a done_local to"
                    + " confirm, a resolution to verify. Use it when your own work is done and you want to stay"
                    + " available instead of ending the turn (wait_for_reply waits for one reply). It wakes when an"
                    + " item appears in an actionable counter that was not there when you called, compared by ids (so"
                    + " it wakes even if another item left the same counter), and returns those counters as pending"
                    + " with pending_at_entry, what you already carried, which does not wake you. When nothing came it"
                    + " answers {timed_out: true, retry: true}; nothing is lost between calls." + WaitArguments.CAP)
            .inputSchema(SCHEMA)
            .annotations(ToolAnnotations.readOnly())
            .build();

    private final WaitForMail waitForMail;
    private final HeldCredentials credentials;

    @Inject
    WaitForMailTool(CallerResolver callers, WaitForMail waitForMail, HeldCredentials credentials) {
        super(DESCRIPTOR, callers);
        this.waitForMail = waitForMail;
        this.credentials = credentials;
    }

    @Override
    protected Outcome<Map<String, Object>> answer(ToolCall call, Caller caller) {
        boolean ignoreBacklog = call.args().flag("ignore_backlog", true);
        return WaitArguments.budget(call.args(), 2.0)
                .then(budget -> HeldWait.run(
                        credentials,
                        call,
                        caller,
                        cancellation -> waitForMail.await(caller, budget, ignoreBacklog, cancellation)));
    }
}
