package dev.switchboard.plugin.mailbox.hook.adapter.in.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.pf4j.Extension;

import tools.jackson.databind.json.JsonMapper;

import dev.switchboard.plugin.mailbox.channel.domain.ClientText;
import dev.switchboard.plugin.mailbox.hook.application.CountsLookup;
import dev.switchboard.plugin.mailbox.hook.application.port.out.HookFailure;
import dev.switchboard.plugin.mailbox.hook.application.port.out.LocalPinList;
import dev.switchboard.plugin.mailbox.hook.application.port.out.RemoteCounts;
import dev.switchboard.plugin.mailbox.hook.domain.RetryDelay;
import dev.switchboard.plugin.mailbox.hook.domain.RoleCounts;
import dev.switchboard.plugin.mailbox.hook.domain.TerminalText;
import dev.switchboard.plugin.mailbox.hook.domain.TokenArguments;
import dev.switchboard.plugin.mailbox.hook.domain.WatchState;
import dev.switchboard.ports.cli.Subcommand;
import dev.switchboard.ports.cli.SubcommandCall;
import dev.switchboard.ports.cli.SubcommandOption;
import dev.switchboard.ports.cli.SubcommandUsageException;

/**
 * {@code switchboard status [status|pins|watch] [--role R] [--text] [--interval S] [--journal PATH]} (seed-features
 * §1C.10): a role's actionable counts as JSON ({@code {channel, role, counts, pending}}) or text; the pins' headers
 * (TSV with {@code --text}); or a watch that prints one line when a counter grows. Text lines (the
 * {@code --text} outputs and the watch's lines) carry no control character: each is printed as its escape
 * ({@link TerminalText}), as a server supplies the names in them. Exit 0 nothing actionable, 1
 * something actionable, 2 the command failed (the store or the server unreadable, a refused URL or token file, no
 * role, a token-like argument, bad arguments). Local mode reads the store with the kernel's storage-only start (watch:
 * every {@code --interval}); remote mode asks {@code /hook-status} (counts), {@code /status?wait=0} (pins) and, for
 * watch, long-polls {@code /status?wait=50}: asked again at once after a held answer with nothing pending, after
 * {@code --interval} while something stays pending, with the back-off from {@code --interval} during an outage, whose
 * attempts are short ({@code /status?wait=0}) so that the recovery is reported as soon as the server answers. Not
 * thread-safe (one run).
 */
@Extension
public final class StatusCommand implements Subcommand {

    /** Exit status: something is actionable. */
    public static final int ACTIONABLE = 1;

    /** Exit status: the command failed. */
    public static final int FAILED_STATUS = 2;

    /** The default of {@code --interval}, seconds. */
    static final long DEFAULT_INTERVAL_S = 30;

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final List<String> ACTIONS = List.of("status", "pins", "watch");

    @Override
    public List<String> path() {
        return List.of("status");
    }

    @Override
    public String arguments() {
        return "[status|pins|watch]";
    }

    @Override
    public String summary() {
        return "A mailbox role's actionable counts (exit 0 clear, 1 actionable, 2 failed), its pins, or a watch";
    }

    @Override
    public List<SubcommandOption> options() {
        return List.of(
                SubcommandOption.withValue("role", "R", "the role (local mode; default: the configured role)"),
                SubcommandOption.flag("text", "text instead of JSON (TSV for pins)"),
                SubcommandOption.withValue(
                        "interval",
                        "S",
                        "watch: seconds between checks locally, between asks while something stays pending remotely,"
                                + " and the outage back-off's base (default 30, at least 1)"),
                SubcommandOption.withValue(
                        "journal", "PATH", "watch: append one JSON line per wake, outage, recovery"));
    }

    @Override
    public String footer() {
        return "Exit status: 0 nothing actionable, 1 something actionable, 2 the command failed. A token never goes on"
                + " the command line: an argument starting with cct_, ccv_, cca_ or sbt_ is refused.";
    }

    @Override
    public void checkUsage(SubcommandCall call) {
        List<String> given = new ArrayList<>(call.arguments());
        call.option("role").ifPresent(given::add);
        call.option("interval").ifPresent(given::add);
        call.option("journal").ifPresent(given::add);
        if (TokenArguments.firstTokenLike(given).isPresent()) {
            throw new SubcommandUsageException("an argument looks like a token; tokens are read from"
                    + " AI_AGENT_CHANNEL_TOKEN_FILE, never from the command line (nothing was contacted)");
        }
        if (call.arguments().size() > 1
                || (call.arguments().size() == 1
                        && !ACTIONS.contains(call.arguments().get(0)))) {
            throw new SubcommandUsageException("expected one of " + String.join(", ", ACTIONS) + " or nothing, got "
                    + ClientText.quoted(String.join(" ", call.arguments())));
        }
        interval(call);
    }

    @Override
    public Start start(SubcommandCall call) {
        return call.service(CountsLookup.class).isRemote() ? Start.NOTHING : Start.STORAGE;
    }

    @Override
    public int run(SubcommandCall call) {
        String action = call.arguments().isEmpty() ? "status" : call.arguments().get(0);
        Optional<String> role = call.option("role");
        CountsLookup lookup = call.service(CountsLookup.class);
        try {
            return switch (action) {
                case "pins" -> pins(call, lookup, role);
                case "watch" -> watch(call, lookup, role);
                default -> status(call, lookup, role);
            };
        } catch (HookFailure e) {
            return failed(call, e.getMessage());
        } catch (RuntimeException e) {
            // not one of ours: its message may quote anything it was given (a header value, a token), so only its kind
            return failed(call, "failed unexpectedly (" + e.getClass().getSimpleName() + ")");
        } finally {
            call.out().flush();
            call.err().flush();
        }
    }

    private static int status(SubcommandCall call, CountsLookup lookup, Optional<String> role) {
        RoleCounts counts = counts(lookup, role);
        if (call.flag("text")) {
            // a server supplies the channel, the role and the counters' names: no control character reaches the
            // terminal
            call.out()
                    .println(TerminalText.escaped(
                            counts.isActionable()
                                    ? "pending for '" + counts.role() + "' in '" + counts.channel() + "': "
                                            + counts.pendingText()
                                    : "nothing actionable for '" + counts.role() + "' in '" + counts.channel() + "'"));
        } else {
            Map<String, Object> wire = new LinkedHashMap<>(counts.toWire());
            Map<String, Integer> pending = new LinkedHashMap<>();
            counts.counts().forEach((name, count) -> {
                if (count > 0) {
                    pending.put(name, count);
                }
            });
            wire.put("pending", pending);
            call.out().println(JSON.writeValueAsString(wire));
        }
        return counts.isActionable() ? ACTIONABLE : DONE;
    }

    private static int pins(SubcommandCall call, CountsLookup lookup, Optional<String> role) {
        List<Map<String, Object>> pins = lookup.isRemote()
                ? lookup.remotePins()
                : call.service(LocalPinList.class).list(role);
        if (call.flag("text")) {
            List<String> columns = List.of(
                    "key", "version", "updated_at", "updated_by", "approved_by", "body_sha256", "body_length_bytes");
            call.out().println(String.join("\t", columns));
            for (Map<String, Object> pin : pins) {
                call.out()
                        .println(String.join(
                                "\t",
                                columns.stream()
                                        .map(c -> TerminalText.escaped(String.valueOf(pin.get(c))
                                                .replace('\t', ' ')
                                                .replace('\n', ' ')))
                                        .toList()));
            }
        } else {
            call.out().println(JSON.writeValueAsString(Map.of("pins", pins)));
        }
        return DONE;
    }

    private static int watch(SubcommandCall call, CountsLookup lookup, Optional<String> role) {
        WatchState state = new WatchState(interval(call));
        Optional<Path> journal = call.option("journal").map(Path::of);
        while (!Thread.currentThread().isInterrupted()) {
            List<WatchState.Event> events;
            Duration heldWithoutNews = Duration.ZERO;
            long asked = System.nanoTime();
            try {
                // after an outage a short poll, so that the recovery is reported at once; then long polls again
                boolean longPoll = lookup.isRemote() && !state.isDown();
                RoleCounts counts = counts(lookup, role, longPoll ? RemoteCounts.MAX_WAIT_S : 0);
                if (lookup.isRemote() && !counts.isActionable()) {
                    // the recovery's short poll counts as held: the long polls start again at once
                    heldWithoutNews = longPoll ? Duration.ofNanos(System.nanoTime() - asked) : RetryDelay.MIN_HELD;
                }
                events = state.observed(counts);
            } catch (HookFailure e) {
                if (e.kind() == HookFailure.Kind.SETUP || e.kind() == HookFailure.Kind.UNKNOWN) {
                    throw e;
                }
                events = state.failed(e.getMessage());
            }
            for (WatchState.Event event : events) {
                // journal first: whoever sees the line may read the journal at once and find the event there
                journal.ifPresent(path -> append(path, event));
                call.out().println(TerminalText.escaped(event.line()));
                call.out().flush();
            }
            try {
                Thread.sleep(state.nextDelay(heldWithoutNews));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return DONE;
    }

    private static RoleCounts counts(CountsLookup lookup, Optional<String> role) {
        return counts(lookup, role, -1);
    }

    /** @param waitS a long poll's wait (remote watch), or -1 for one plain lookup */
    private static RoleCounts counts(CountsLookup lookup, Optional<String> role, int waitS) {
        return (waitS < 0 ? lookup.lookup(role) : lookup.poll(role, waitS))
                .counts()
                .orElseThrow(() -> new HookFailure(
                        HookFailure.Kind.SETUP,
                        "no mailbox role: pass --role R, or set plugins.mailbox.role or AI_AGENT_CHANNEL_ROLE"));
    }

    private static void append(Path journal, WatchState.Event event) {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("at", Instant.now().toString());
        entry.put("event", event.kind());
        entry.putAll(event.fields());
        try {
            Files.writeString(
                    journal,
                    JSON.writeValueAsString(entry) + "\n",
                    StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND,
                    StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw new HookFailure(HookFailure.Kind.SETUP, "cannot append to the journal " + journal + ": " + e);
        }
    }

    private static Duration interval(SubcommandCall call) {
        return IntervalOption.of(call, DEFAULT_INTERVAL_S);
    }

    private static int failed(SubcommandCall call, String message) {
        call.err().println("switchboard status: " + message);
        return FAILED_STATUS;
    }
}
