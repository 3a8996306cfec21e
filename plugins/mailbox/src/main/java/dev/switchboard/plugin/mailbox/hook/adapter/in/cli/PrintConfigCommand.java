package dev.switchboard.plugin.mailbox.hook.adapter.in.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.pf4j.Extension;

import dev.switchboard.plugin.mailbox.channel.domain.ClientText;
import dev.switchboard.plugin.mailbox.channel.domain.Roles;
import dev.switchboard.plugin.mailbox.hook.application.HookSettings;
import dev.switchboard.plugin.mailbox.hook.domain.ServerUrl;
import dev.switchboard.plugin.mailbox.hook.domain.TokenArguments;
import dev.switchboard.ports.cli.Subcommand;
import dev.switchboard.ports.cli.SubcommandCall;
import dev.switchboard.ports.cli.SubcommandOption;
import dev.switchboard.ports.cli.SubcommandUsageException;

/**
 * {@code switchboard hook print-config [--claude|--codex] [--role R] [--url URL --token-file PATH]}: prints the
 * settings that run this installation's hooks ({@link HookConfigText}), carrying the {@code --home} and
 * {@code --config} it was given and the state directory however it was set ({@link SubcommandCall#locationArguments}). Unlike the hooks it configures, it is run by a person: every usage error (a
 * token-like argument, {@code --codex}, a bad role or URL, half of remote mode, an unknown option) is refused in
 * {@link #checkUsage}, before anything starts, and exits {@link #USAGE} 2. Starts nothing. Not thread-safe (one run).
 */
@Extension
public final class PrintConfigCommand implements Subcommand {

    @Override
    public List<String> path() {
        return List.of("hook", "print-config");
    }

    @Override
    public String summary() {
        return "Prints Claude Code's settings.json hooks for the mailbox (exit 2 on a usage error)";
    }

    @Override
    public List<SubcommandOption> options() {
        return List.of(
                SubcommandOption.flag("claude", "Claude Code's settings.json hooks (the default)"),
                SubcommandOption.flag("codex", "what Codex can use instead (it has no such hooks: exit 2, saying so)"),
                SubcommandOption.withValue("role", "R", "the role the hooks act for (local mode)"),
                SubcommandOption.withValue("url", "URL", "a hosted server (remote mode)"),
                SubcommandOption.withValue("token-file", "PATH", "the role token's file (remote mode)"));
    }

    @Override
    public String footer() {
        return "The printed commands carry --home and --config as given here and the state directory however it was set"
                + " (--state-dir, SWITCHBOARD_KERNEL__STATE_DIR, kernel.state-dir; unless it is ~/.switchboard), made"
                + " absolute. A token is"
                + " never taken on the command line. Exit status: 0 printed, 2 a usage error.";
    }

    @Override
    public void checkUsage(SubcommandCall call) {
        List<String> given = new ArrayList<>(call.arguments());
        for (String option : List.of("role", "url", "token-file")) {
            call.option(option).ifPresent(given::add);
        }
        if (TokenArguments.firstTokenLike(given).isPresent()) {
            throw new SubcommandUsageException("an argument looks like a token; a token is read from its file"
                    + " (AI_AGENT_CHANNEL_TOKEN_FILE, --token-file PATH), never from the command line, and is never"
                    + " repeated");
        }
        if (!call.arguments().isEmpty()) {
            throw new SubcommandUsageException(
                    "print-config takes no arguments, got " + ClientText.quoted(String.join(" ", call.arguments())));
        }
        if (call.flag("codex")) {
            throw new SubcommandUsageException("Codex has no session-start or stop hook to configure; run"
                    + " `switchboard status --role R` (exit 1 when something is actionable) from its notify program"
                    + " or a script instead (docs/mailbox-guide.md, \"Hooks\")");
        }
        Optional<String> role = call.option("role");
        if (role.isPresent() && !Roles.isName(role.get())) {
            throw new SubcommandUsageException("--role '" + role.get() + "' is not a role name");
        }
        Optional<String> url = call.option("url");
        if (url.isPresent() != call.option("token-file").isPresent()) {
            throw new SubcommandUsageException("remote mode needs both --url and --token-file");
        }
        if (url.isPresent() && role.isPresent()) {
            // it was dropped without a word: the remote hooks act as the role their token was issued for
            throw new SubcommandUsageException(
                    "--role is for local mode: in remote mode the role token names the role");
        }
        if (url.isPresent()) {
            try {
                ServerUrl.parse(url.get());
            } catch (IllegalArgumentException e) {
                throw new SubcommandUsageException(e.getMessage());
            }
        }
    }

    /**
     * @param tokenFile the token file as given
     * @return it absolute and normalised, a leading {@code ~/} (or a lone {@code ~}) taken as the user's home: a hook
     *     runs in the session's working directory, so a relative path would name another file there, and a quoted
     *     {@code ~} is never expanded in the settings' command line
     */
    static String absolute(String tokenFile) {
        String home = System.getProperty("user.home");
        String path =
                tokenFile.equals("~") ? home : tokenFile.startsWith("~/") ? home + tokenFile.substring(1) : tokenFile;
        return Path.of(path).toAbsolutePath().normalize().toString();
    }

    @Override
    public Start start(SubcommandCall call) {
        return Start.NOTHING;
    }

    @Override
    public int run(SubcommandCall call) {
        call.out()
                .println(HookConfigText.settings(
                        call.option("role"),
                        call.option("url"),
                        call.option("token-file").map(PrintConfigCommand::absolute),
                        call.locationArguments(),
                        call.service(HookSettings.class).wakeMax()));
        call.err()
                .println("switchboard hook: the second Stop entry (hook wake, \"asyncRewake\": true) is experimental:"
                        + " it re-wakes an idle session when something new is actionable; leave it out to keep the"
                        + " seed's hooks only (docs/mailbox-guide.md, \"Waking an idle session\")");
        call.out().flush();
        call.err().flush();
        return DONE;
    }
}
