package dev.switchboard.plugin.mailbox.hook.application;

import java.nio.file.Path;
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

    private final Optional<String> url;
    private final Optional<Path> tokenFile;
    private final Optional<String> token;
    private final Path stateDir;

    @Inject
    public HookSettings(PluginContext context, Environment environment) {
        url = nonBlank(context.settings().text(MailboxSettingKeys.REMOTE_URL, ""))
                .or(() -> environment.variable(URL_ALIAS).flatMap(HookSettings::nonBlank));
        tokenFile = nonBlank(context.settings().text(MailboxSettingKeys.REMOTE_TOKEN_FILE, ""))
                .or(() -> environment.variable(TOKEN_FILE_ALIAS).flatMap(HookSettings::nonBlank))
                .map(Path::of);
        token = environment.variable(TOKEN_ALIAS).flatMap(HookSettings::nonBlank);
        stateDir = context.stateDir();
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

    /** @return the state directory, where the stop hook keeps its snapshots */
    public Path stateDir() {
        return stateDir;
    }

    private static Optional<String> nonBlank(String value) {
        return value == null || value.isBlank() ? Optional.empty() : Optional.of(value.strip());
    }
}
