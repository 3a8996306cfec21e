package dev.switchboard.plugin.mailbox.hook.adapter.in.cli;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

import dev.switchboard.plugin.mailbox.hook.application.HookSettings;

/**
 * The {@code hooks} block of Claude Code's {@code settings.json} that runs this installation's hooks for a role,
 * locally ({@code SWITCHBOARD_PLUGINS__MAILBOX__ROLE=R}) or against a hosted server ({@code AI_AGENT_CHANNEL_URL} and
 * {@code AI_AGENT_CHANNEL_TOKEN_FILE}; never the token itself), each command carrying the location options
 * {@code print-config} was given ({@link PrintConfigCommand}, which checks the values first). The Stop event runs
 * {@code hook stop} and {@code hook wake} as an {@code asyncRewake} hook whose timeout is
 * {@code plugins.mailbox.wake-max-s} plus {@value #WAKE_TIMEOUT_MARGIN_SECONDS} s. Stateless.
 */
final class HookConfigText {

    /** The Stop hook's timeout in Claude Code's settings, in seconds: the remote request's 3 s and the JVM's start. */
    static final int STOP_TIMEOUT_SECONDS = 10;

    /** What the wake hook's timeout adds to {@code plugins.mailbox.wake-max-s}: it ends on its own first. */
    static final int WAKE_TIMEOUT_MARGIN_SECONDS = 60;

    private static final JsonMapper JSON =
            JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

    private HookConfigText() {}

    /**
     * @param role      the role (local mode), already checked
     * @param url       the hosted server (remote mode, with {@code tokenFile}), already checked
     * @param tokenFile the role token's file (remote mode)
     * @param locations the location options to repeat after each hook command, such as {@code [--state-dir, /s]}
     * @param wakeMax   {@code plugins.mailbox.wake-max-s}, for the wake hook's timeout
     * @return the settings as indented JSON
     */
    static String settings(
            Optional<String> role,
            Optional<String> url,
            Optional<String> tokenFile,
            List<String> locations,
            Duration wakeMax) {
        List<String> environment = new ArrayList<>();
        if (url.isPresent() && tokenFile.isPresent()) {
            environment.add(HookSettings.URL_ALIAS + "=" + quoted(url.get()));
            environment.add(HookSettings.TOKEN_FILE_ALIAS + "=" + quoted(tokenFile.get()));
        } else if (role.isPresent()) {
            environment.add("SWITCHBOARD_PLUGINS__MAILBOX__ROLE=" + role.get());
        }
        String launcher = quoted(System.getProperty("switchboard.home", "/opt/switchboard") + "/bin/switchboard");
        String prefix = environment.isEmpty() ? "" : String.join(" ", environment) + " ";
        String suffix = locations.stream().map(word -> " " + quoted(word)).collect(Collectors.joining());
        Map<String, Object> hooks = new LinkedHashMap<>();
        hooks.put(
                "SessionStart",
                List.of(Map.of("hooks", List.of(command(prefix + launcher + " hook session-start" + suffix, 0)))));
        Map<String, Object> wake = command(
                prefix + launcher + " hook wake" + suffix, (int) wakeMax.toSeconds() + WAKE_TIMEOUT_MARGIN_SECONDS);
        wake.put("asyncRewake", true);
        hooks.put(
                "Stop",
                List.of(Map.of(
                        "hooks",
                        List.of(command(prefix + launcher + " hook stop" + suffix, STOP_TIMEOUT_SECONDS), wake))));
        return JSON.writeValueAsString(Map.of("hooks", hooks));
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
