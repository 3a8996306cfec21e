package dev.switchboard.plugin.mailbox.hook.adapter.in.cli;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

import org.pf4j.Extension;

import dev.switchboard.plugin.mailbox.hook.application.CountsLookup;
import dev.switchboard.plugin.mailbox.hook.application.HookSettings;
import dev.switchboard.plugin.mailbox.hook.application.WakeHook;
import dev.switchboard.plugin.mailbox.hook.application.port.out.HookFailure;
import dev.switchboard.plugin.mailbox.hook.domain.TokenArguments;
import dev.switchboard.ports.cli.Subcommand;
import dev.switchboard.ports.cli.SubcommandCall;
import dev.switchboard.ports.cli.SubcommandOption;
import dev.switchboard.ports.cli.SubcommandUsageException;
import dev.switchboard.ports.plugin.InvalidSettingException;

/**
 * {@code switchboard hook wake [--interval S] [--session ID]} (experimental; ADR 26): a background Stop hook for a
 * client that re-wakes an idle session when such a hook exits 2 (Claude Code's {@code "asyncRewake": true}). It reads
 * the hook's JSON on standard input for {@code session_id} (unless {@code --session} is given), sleeps as
 * {@link WakeHook} does, and exits:
 *
 * <ul>
 *   <li>{@value #WAKE} when an actionable counter grew: the reason (the new counters and what to do) on standard
 *       error, which Claude Code shows the session as a system reminder;</li>
 *   <li>0 when it ends without waking: the bounded time ({@code plugins.mailbox.wake-max-s}) passed, or another
 *       {@code hook wake} already sleeps for this session and role (it leaves at once);</li>
 *   <li>1 when it failed (a wrong command line, an invalid setting (named with its range), no role, an unreadable
 *       store or token file, a refused URL, a server that does not answer at the start, a token the server refuses
 *       at the start or later): one line on standard error. A failure never wakes.</li>
 * </ul>
 *
 * Starts the storage only (local mode) or nothing (remote mode), as {@code hook stop}. Not thread-safe (one run).
 */
@Extension
public final class HookWakeCommand implements Subcommand {

    /** Exit status: wake the session (Claude Code's asyncRewake status). */
    public static final int WAKE = 2;

    /** The default of {@code --interval}, seconds. */
    static final long DEFAULT_INTERVAL_S = 10;

    private static final int MAX_SESSION_WORD = 64;

    @Override
    public List<String> path() {
        return List.of("hook", "wake");
    }

    @Override
    public String summary() {
        return "(experimental) sleep until something new is actionable, then exit 2 to re-wake an idle session";
    }

    @Override
    public List<SubcommandOption> options() {
        return List.of(
                SubcommandOption.withValue(
                        IntervalOption.NAME,
                        "S",
                        "seconds between local reads, between remote asks while something stays pending, and the"
                                + " outage back-off's base (default " + DEFAULT_INTERVAL_S + ", at least 1)"),
                SubcommandOption.withValue(
                        "session", "ID", "the session to sleep for (default: session_id of the hook's stdin JSON)"));
    }

    @Override
    public String footer() {
        return "Run it as a Claude Code Stop hook with \"asyncRewake\": true (switchboard hook print-config --claude)."
                + " Exit status: 2 something new is actionable (the reason on stderr), 0 nothing new within"
                + " plugins.mailbox.wake-max-s or another sleeper holds this session and role, 1 failed (never a"
                + " wake).";
    }

    @Override
    public int usageStatus() {
        return FAILED;
    }

    @Override
    public void checkUsage(SubcommandCall call) {
        List<String> given = new ArrayList<>(call.arguments());
        call.option(IntervalOption.NAME).ifPresent(given::add);
        call.option("session").ifPresent(given::add);
        if (TokenArguments.firstTokenLike(given).isPresent()) {
            throw new SubcommandUsageException("an argument looks like a token; a token is read from its file"
                    + " (AI_AGENT_CHANNEL_TOKEN_FILE), never from the command line, and is never repeated");
        }
        if (!call.arguments().isEmpty()) {
            throw new SubcommandUsageException("hook wake takes no arguments");
        }
        IntervalOption.of(call, DEFAULT_INTERVAL_S);
    }

    @Override
    public Start start(SubcommandCall call) {
        return call.service(CountsLookup.class).isRemote() ? Start.NOTHING : Start.STORAGE;
    }

    @Override
    public int run(SubcommandCall call) {
        try {
            Duration max = call.service(HookSettings.class).wakeMax();
            WakeHook.Result result =
                    call.service(WakeHook.class).run(session(call), IntervalOption.of(call, DEFAULT_INTERVAL_S), max);
            return switch (result) {
                case WakeHook.Result.Woken woken -> {
                    woken.warning().ifPresent(warning -> warn(call, warning));
                    call.err().println(woken.reason());
                    yield WAKE;
                }
                case WakeHook.Result.Ended ended -> {
                    warn(call, "nothing new within " + ended.after().toSeconds() + " s; ended without waking");
                    yield DONE;
                }
                case WakeHook.Result.Busy busy -> {
                    warn(call, "another hook wake already sleeps for this session and role; leaving");
                    yield DONE;
                }
                case WakeHook.Result.Failed failed -> {
                    warn(call, failed.message() + "; this hook will not wake the session");
                    yield FAILED;
                }
            };
        } catch (HookFailure e) {
            warn(call, "failed: " + e.getMessage() + "; this hook will not wake the session");
            return FAILED;
        } catch (InvalidSettingException e) {
            // names the key, the value and the allowed range, as print-config does with the same setting
            warn(call, e.getMessage() + "; this hook will not wake the session");
            return FAILED;
        } catch (RuntimeException e) {
            // not one of ours: its message may quote anything it was given (a header value, a token), so only its kind
            warn(
                    call,
                    "failed unexpectedly (" + e.getClass().getSimpleName() + "); this hook will not wake the session");
            return FAILED;
        } finally {
            call.out().flush();
            call.err().flush();
        }
    }

    /** @return a file-name-safe word for the session: the id itself when it is one and short, else a digest of it */
    private static String session(SubcommandCall call) {
        Optional<String> given = call.option("session");
        if (given.isEmpty()) {
            HookInput input = HookInput.read(call.in());
            input.problem().ifPresent(problem -> warn(call, problem + "; sleeping for no particular session"));
            given = input.text("session_id");
        }
        String id = given.orElse("no-session");
        if (id.matches("[A-Za-z0-9_.-]{1," + MAX_SESSION_WORD + "}")) {
            return id;
        }
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(id.getBytes(StandardCharsets.UTF_8));
            return "s" + HexFormat.of().formatHex(hash, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JDK", e);
        }
    }

    private static void warn(SubcommandCall call, String message) {
        call.err().println("switchboard hook wake: " + message);
    }
}
