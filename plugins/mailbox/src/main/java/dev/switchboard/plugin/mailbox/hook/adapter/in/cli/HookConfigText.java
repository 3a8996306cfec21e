package dev.switchboard.plugin.mailbox.hook.adapter.in.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

import dev.switchboard.plugin.mailbox.channel.domain.Roles;
import dev.switchboard.plugin.mailbox.hook.application.HookSettings;
import dev.switchboard.plugin.mailbox.hook.domain.ServerUrl;
import dev.switchboard.ports.cli.Subcommand;
import dev.switchboard.ports.cli.SubcommandCall;

/**
 * {@code switchboard hook print-config --claude [--role R] [--url URL --token-file PATH]}: the {@code hooks} block of
 * Claude Code's {@code settings.json} that runs this installation's hooks for a role, locally
 * ({@code SWITCHBOARD_PLUGINS__MAILBOX__ROLE=R}) or against a hosted server ({@code AI_AGENT_CHANNEL_URL} and
 * {@code AI_AGENT_CHANNEL_TOKEN_FILE}; never the token itself). The Stop event runs {@code hook stop} and, marked
 * experimental on standard error, {@code hook wake} as an {@code asyncRewake} hook whose timeout is
 * {@code plugins.mailbox.wake-max-s} plus {@value #WAKE_TIMEOUT_MARGIN_SECONDS} s. {@code --codex} is refused with the reason: Codex has
 * no session-start or stop hook to run (see docs/mailbox-guide.md for what it can use). Stateless.
 */
final class HookConfigText {

    /** The Stop hook's timeout in Claude Code's settings, in seconds: the remote request's 3 s and the JVM's start. */
    static final int STOP_TIMEOUT_SECONDS = 10;

    /** What the wake hook's timeout adds to {@code plugins.mailbox.wake-max-s}: it ends on its own first. */
    static final int WAKE_TIMEOUT_MARGIN_SECONDS = 60;

    private static final JsonMapper JSON =
            JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

    private HookConfigText() {}

    static int print(SubcommandCall call) {
        if (call.flag("codex")) {
            call.err()
                    .println("switchboard hook: Codex has no session-start or stop hook to configure; run"
                            + " `switchboard status --role R` (exit 1 when something is actionable) from its notify"
                            + " program or a script instead (docs/mailbox-guide.md, \"Hooks\")");
            return Subcommand.USAGE;
        }
        Optional<String> role = call.option("role");
        if (role.isPresent() && !Roles.isName(role.get())) {
            call.err().println("switchboard hook: --role '" + role.get() + "' is not a role name");
            return Subcommand.USAGE;
        }
        Optional<String> url = call.option("url");
        Optional<String> tokenFile = call.option("token-file");
        if (url.isPresent() != tokenFile.isPresent()) {
            call.err().println("switchboard hook: remote mode needs both --url and --token-file");
            return Subcommand.USAGE;
        }
        List<String> environment = new ArrayList<>();
        if (url.isPresent()) {
            try {
                ServerUrl.parse(url.get());
            } catch (IllegalArgumentException e) {
                call.err().println("switchboard hook: " + e.getMessage());
                return Subcommand.USAGE;
            }
            environment.add(HookSettings.URL_ALIAS + "=" + quoted(url.get()));
            environment.add(HookSettings.TOKEN_FILE_ALIAS + "=" + quoted(tokenFile.get()));
        } else if (role.isPresent()) {
            environment.add("SWITCHBOARD_PLUGINS__MAILBOX__ROLE=" + role.get());
        }
        String launcher = quoted(System.getProperty("switchboard.home", "/opt/switchboard") + "/bin/switchboard");
        String prefix = environment.isEmpty() ? "" : String.join(" ", environment) + " ";
        Map<String, Object> hooks = new LinkedHashMap<>();
        hooks.put(
                "SessionStart",
                List.of(Map.of("hooks", List.of(command(prefix + launcher + " hook session-start", 0)))));
        Map<String, Object> wake = command(
                prefix + launcher + " hook wake",
                (int) call.service(HookSettings.class).wakeMax().toSeconds() + WAKE_TIMEOUT_MARGIN_SECONDS);
        wake.put("asyncRewake", true);
        hooks.put(
                "Stop",
                List.of(Map.of(
                        "hooks", List.of(command(prefix + launcher + " hook stop", STOP_TIMEOUT_SECONDS), wake))));
        call.out().println(JSON.writeValueAsString(Map.of("hooks", hooks)));
        call.err()
                .println("switchboard hook: the second Stop entry (hook wake, \"asyncRewake\": true) is experimental:"
                        + " it re-wakes an idle session when something new is actionable; leave it out to keep the"
                        + " seed's hooks only (docs/mailbox-guide.md, \"Waking an idle session\")");
        return Subcommand.DONE;
    }

    private static Map<String, Object> command(String line, int timeout) {
        Map<String, Object> command = new LinkedHashMap<>();
        command.put("type", "command");
        command.put("command", line);
        if (timeout > 0) {
            command.put("timeout", timeout);
        }
        return command;
    }

    /** @return the word single-quoted for a POSIX shell when it holds anything but safe characters */
    private static String quoted(String word) {
        return word.matches("[A-Za-z0-9_./:@%+=,-]+") ? word : "'" + word.replace("'", "'\\''") + "'";
    }
}
