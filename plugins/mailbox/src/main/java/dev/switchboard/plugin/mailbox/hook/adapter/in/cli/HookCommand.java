package dev.switchboard.plugin.mailbox.hook.adapter.in.cli;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.pf4j.Extension;

import dev.switchboard.plugin.mailbox.channel.application.ConfiguredRole;
import dev.switchboard.plugin.mailbox.channel.domain.ClientText;
import dev.switchboard.plugin.mailbox.hook.application.CountsLookup;
import dev.switchboard.plugin.mailbox.hook.application.StopHook;
import dev.switchboard.plugin.mailbox.hook.application.port.out.HookFailure;
import dev.switchboard.plugin.mailbox.hook.domain.SessionBootstrap;
import dev.switchboard.plugin.mailbox.hook.domain.TokenArguments;
import dev.switchboard.ports.cli.Subcommand;
import dev.switchboard.ports.cli.SubcommandCall;
import dev.switchboard.ports.cli.SubcommandUsageException;

/**
 * {@code switchboard hook session-start|stop}: Claude Code's hooks (seed-features §1C.9). {@code stop}
 * reads the hook's JSON on standard input ({@code stop_hook_active}) and prints {@code {"decision":"block",
 * "reason":...}} while something is actionable, as {@link StopHook} decides; {@code session-start} prints the bootstrap
 * and the provenance statement; {@code hook print-config} is a command of its own ({@link PrintConfigCommand}).
 * The hooks always exit 0, usage errors and failures included (a failure is a warning on standard error), so a broken
 * setup never keeps a session from stopping. The start is the kernel's lightest: storage only for a local
 * {@code stop}, nothing for the others and for remote mode ({@link Subcommand.Start}). Not thread-safe (one run).
 */
@Extension
public final class HookCommand implements Subcommand {

    private static final List<String> ACTIONS = List.of("session-start", "stop");

    @Override
    public List<String> path() {
        return List.of("hook");
    }

    @Override
    public String arguments() {
        return "session-start|stop";
    }

    @Override
    public String summary() {
        return "Claude Code's SessionStart and Stop hooks for the mailbox (always exit 0)";
    }

    @Override
    public String footer() {
        return "The hooks read the role from plugins.mailbox.role or AI_AGENT_CHANNEL_ROLE (local mode), or ask"
                + " AI_AGENT_CHANNEL_URL with the token in AI_AGENT_CHANNEL_TOKEN_FILE (remote mode). Exit status:"
                + " always 0.";
    }

    @Override
    public int usageStatus() {
        return DONE;
    }

    @Override
    public void checkUsage(SubcommandCall call) {
        if (TokenArguments.firstTokenLike(call.arguments()).isPresent()) {
            throw new SubcommandUsageException("an argument looks like a token; a token is read from its file"
                    + " (AI_AGENT_CHANNEL_TOKEN_FILE, --token-file PATH), never from the command line, and is never"
                    + " repeated");
        }
        if (call.arguments().size() != 1 || !ACTIONS.contains(call.arguments().get(0))) {
            // wake and print-config are commands of their own ('hook wake', 'hook print-config'), named here too
            throw new SubcommandUsageException("expected one of " + String.join(", ", ACTIONS)
                    + " (or wake, print-config), got "
                    + (call.arguments().isEmpty() ? "nothing" : ClientText.quoted(String.join(" ", call.arguments()))));
        }
    }

    @Override
    public Start start(SubcommandCall call) {
        boolean local = !call.service(CountsLookup.class).isRemote();
        return call.arguments().get(0).equals("stop") && local ? Start.STORAGE : Start.NOTHING;
    }

    /** @return 0, always */
    @Override
    public int run(SubcommandCall call) {
        try {
            switch (call.arguments().get(0)) {
                case "stop" -> stop(call);
                default ->
                    call.out()
                            .print(SessionBootstrap.text(
                                    call.service(ConfiguredRole.class).value()));
            }
        } catch (HookFailure e) {
            warn(call, "failed: " + e.getMessage());
        } catch (RuntimeException e) {
            // not one of ours: its message may quote anything it was given (a header value, a token), so only its kind.
            // Kept here, as in HookWakeCommand and StatusCommand, not in one handler: the kernel's runner answers a
            // throw with FAILED 1 and the message (ADR 19), where this hook must exit 0, status 2 and wake 1 with their
            // own prefixes; and the direct path (DirectHooks, ADR 25) runs hook and status without that runner.
            warn(call, "failed unexpectedly (" + e.getClass().getSimpleName() + ")");
        }
        call.out().flush();
        call.err().flush();
        return DONE;
    }

    private static void stop(SubcommandCall call) {
        HookInput input = input(call);
        StopHook.Result result = call.service(StopHook.class)
                .run(input.flag("stop_hook_active"), input.texts().getOrDefault("session_id", ""));
        result.warning()
                .ifPresent(
                        warning -> warn(call, warning + (result.block().isPresent() ? "" : "; the session may stop")));
        result.block().ifPresent(reason -> call.out().println(block(reason)));
    }

    /**
     * @return the input, whose {@code stop_hook_active} is the retry flag: false (with a warning) when the input is
     *     not a JSON object
     */
    private static HookInput input(SubcommandCall call) {
        HookInput input = HookInput.read(call.in());
        input.problem().ifPresent(problem -> warn(call, problem + "; treated as a first attempt"));
        return input;
    }

    /** @return Claude Code's block decision, {@code decision} first, as one line of JSON */
    private static String block(String reason) {
        Map<String, String> decision = new LinkedHashMap<>();
        decision.put("decision", "block");
        decision.put("reason", reason);
        return HookInput.line(decision);
    }

    private static void warn(SubcommandCall call, String message) {
        call.err().println("switchboard hook: " + message);
    }
}
