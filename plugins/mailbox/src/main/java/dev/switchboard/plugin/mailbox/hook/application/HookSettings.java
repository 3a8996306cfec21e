package dev.switchboard.plugin.mailbox.hook.application;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.application.Environment;
import dev.switchboard.plugin.mailbox.channel.application.MailboxSettingKeys;
import dev.switchboard.ports.plugin.PluginContext;

/**
 * Where the hooks and the status CLI read the counts, from the mailbox's settings and, as documented aliases, the
 * original's environment variables: the server URL ({@code plugins.mailbox.remote-url}, else
 * {@value #URL_ALIAS}), the token file ({@code plugins.mailbox.remote-token-file}, else {@value #TOKEN_FILE_ALIAS}),
 * the token itself ({@value #TOKEN_ALIAS}; a token file wins). No URL: local mode (the role from
 * {@code plugins.mailbox.role} or {@code AI_AGENT_CHANNEL_ROLE}, see {@code CallerResolver}). Immutable.
 */
@Singleton
public final class HookSettings {

    /** The original's variable for the hosted server's URL. */
    public static final String URL_ALIAS = "AI_AGENT_CHANNEL_URL";

    /** The original's variable for the role token's file. */
    public static final String TOKEN_FILE_ALIAS = "AI_AGENT_CHANNEL_TOKEN_FILE";

    /** The original's variable for the role token itself. */
    public static final String TOKEN_ALIAS = "AI_AGENT_CHANNEL_TOKEN";

    /** The default of {@code plugins.mailbox.wake-max-s}: one hour. */
    public static final int DEFAULT_WAKE_MAX_S = 3600;

    /** The lower bound of {@code plugins.mailbox.wake-max-s}, seconds. */
    public static final int MIN_WAKE_MAX_S = 5;

    /** The upper bound of {@code plugins.mailbox.wake-max-s}. */
    public static final int MAX_WAKE_MAX_S = 86_400;

    private final Optional<String> url;
    private final Optional<Path> tokenFile;
    private final Optional<String> token;
    private final Path stateDir;
    private final PluginContext context;

    @Inject
    public HookSettings(PluginContext context, Environment environment) {
        url = nonBlank(context.settings().text(MailboxSettingKeys.REMOTE_URL, ""))
                .or(() -> environment.variable(URL_ALIAS).flatMap(HookSettings::nonBlank));
        tokenFile = nonBlank(context.settings().text(MailboxSettingKeys.REMOTE_TOKEN_FILE, ""))
                .or(() -> environment.variable(TOKEN_FILE_ALIAS).flatMap(HookSettings::nonBlank))
                .map(Path::of);
        token = environment.variable(TOKEN_ALIAS).flatMap(HookSettings::nonBlank);
        stateDir = context.stateDir();
        this.context = context;
    }

    /** @return the hosted server's URL as configured (not yet checked), or empty for local mode */
    public Optional<String> url() {
        return url;
    }

    /** @return the token file, if configured */
    public Optional<Path> tokenFile() {
        return tokenFile;
    }

    /** @return the token from {@value #TOKEN_ALIAS}, if set */
    public Optional<String> token() {
        return token;
    }

    /** @return the state directory, where the stop hook keeps its snapshots and {@code hook wake} its pid files */
    public Path stateDir() {
        return stateDir;
    }

    /**
     * @return how long one {@code hook wake} sleeps at most ({@code plugins.mailbox.wake-max-s}, {@value
     *     #MIN_WAKE_MAX_S}..{@value #MAX_WAKE_MAX_S} s, default {@value #DEFAULT_WAKE_MAX_S}); read on each call, so
     *     that a wrong value fails only {@code hook wake} and {@code print-config}
     * @throws dev.switchboard.ports.plugin.InvalidSettingException if the setting is not a whole number in its bounds
     */
    public Duration wakeMax() {
        return Duration.ofSeconds(context.settings()
                .integer(MailboxSettingKeys.WAKE_MAX_S, DEFAULT_WAKE_MAX_S, MIN_WAKE_MAX_S, MAX_WAKE_MAX_S));
    }

    private static Optional<String> nonBlank(String value) {
        return value == null || value.isBlank() ? Optional.empty() : Optional.of(value.strip());
    }
}
