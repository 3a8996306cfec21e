package dev.switchboard.plugin.storage.postgres;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

import dev.switchboard.plugin.storage.postgres.adapter.out.persistence.JdbcUrls;
import dev.switchboard.plugin.storage.postgres.adapter.out.persistence.PostgresConfig;
import dev.switchboard.ports.plugin.InvalidSettingException;
import dev.switchboard.ports.plugin.PluginContext;
import dev.switchboard.ports.plugin.PluginSettings;
import dev.switchboard.ports.storage.StorageException;

/**
 * Reads {@code plugins.storage-postgres} into a {@link PostgresConfig}. The password never comes from the YAML file:
 * it is read from an owner-only file ({@code password-file}) or from an environment variable ({@code password-env},
 * by default {@link #DEFAULT_PASSWORD_ENV}), and a URL carrying one is refused. Stateless.
 */
final class PostgresSettings {

    static final String URL_KEY = "url";
    static final String USER_KEY = "user";
    static final String PASSWORD_FILE_KEY = "password-file";
    static final String PASSWORD_ENV_KEY = "password-env";
    static final String SCHEMA_KEY = "schema";
    static final String POOL_SIZE_KEY = "pool-size";
    static final String STATEMENT_TIMEOUT_KEY = "statement-timeout-ms";
    static final String LOCK_TIMEOUT_KEY = "lock-timeout-ms";
    static final String CONNECT_TIMEOUT_KEY = "connect-timeout-ms";
    static final String SIGNAL_RESYNC_KEY = "signal-resync-ms";

    /** The environment variable read for the password when {@code password-env} is not set. */
    static final String DEFAULT_PASSWORD_ENV = "SWITCHBOARD_POSTGRES_PASSWORD";

    static final String DEFAULT_SCHEMA = "public";
    static final int DEFAULT_POOL_SIZE = 10;
    static final int DEFAULT_STATEMENT_TIMEOUT_MS = 30_000;
    static final int DEFAULT_LOCK_TIMEOUT_MS = 10_000;
    static final int DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
    static final int DEFAULT_SIGNAL_RESYNC_MS = 30_000;

    private static final Pattern IDENTIFIER = Pattern.compile("[a-z_][a-z0-9_]{0,62}");
    private static final Pattern ENV_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private PostgresSettings() {}

    /**
     * @param context the plugin's context (settings, state directory for relative paths)
     * @param env     the process environment
     * @param home    the user's home, for a leading {@code ~} in {@code password-file}
     * @return the configuration
     * @throws StorageException if a setting is missing or malformed, or the password cannot be read; the message
     *                          names the key and never a password
     */
    static PostgresConfig from(PluginContext context, Map<String, String> env, Path home) {
        PluginSettings settings = context.settings();
        try {
            settings.requireKnownKeys(Set.of(
                    URL_KEY,
                    USER_KEY,
                    PASSWORD_FILE_KEY,
                    PASSWORD_ENV_KEY,
                    SCHEMA_KEY,
                    POOL_SIZE_KEY,
                    STATEMENT_TIMEOUT_KEY,
                    LOCK_TIMEOUT_KEY,
                    CONNECT_TIMEOUT_KEY,
                    SIGNAL_RESYNC_KEY));
            String url = url(settings);
            String user = settings.text(USER_KEY, "");
            String schema = settings.text(SCHEMA_KEY, DEFAULT_SCHEMA);
            if (!IDENTIFIER.matcher(schema).matches()) {
                throw settings.invalid(SCHEMA_KEY, schema, "a lower-case identifier ([a-z_][a-z0-9_]*, at most 63)");
            }
            return new PostgresConfig(
                    url,
                    user.isEmpty() ? Optional.empty() : Optional.of(user),
                    password(settings, context.stateDir(), env, home),
                    schema,
                    settings.integer(POOL_SIZE_KEY, DEFAULT_POOL_SIZE, 1, 1000),
                    settings.integer(STATEMENT_TIMEOUT_KEY, DEFAULT_STATEMENT_TIMEOUT_MS, 0, Integer.MAX_VALUE),
                    settings.integer(LOCK_TIMEOUT_KEY, DEFAULT_LOCK_TIMEOUT_MS, 0, Integer.MAX_VALUE),
                    settings.integer(CONNECT_TIMEOUT_KEY, DEFAULT_CONNECT_TIMEOUT_MS, 250, 600_000),
                    settings.integer(SIGNAL_RESYNC_KEY, DEFAULT_SIGNAL_RESYNC_MS, 100, 3_600_000));
        } catch (InvalidSettingException e) {
            // StorageProvider.open reports every failure to open, a malformed setting too, as a StorageException.
            throw new StorageException(e.getMessage(), e);
        }
    }

    private static String url(PluginSettings settings) {
        String url = settings.text(URL_KEY, "");
        if (url.isEmpty()) {
            throw settings.invalid(URL_KEY, "", "a JDBC URL such as jdbc:postgresql://db.example:5432/switchboard");
        }
        String shown = JdbcUrls.withoutCredentials(url);
        if (!url.startsWith(JdbcUrls.PREFIX)) {
            throw settings.invalid(URL_KEY, shown, "a JDBC URL starting with " + JdbcUrls.PREFIX);
        }
        if (JdbcUrls.carriesPassword(url)) {
            throw settings.invalid(
                    URL_KEY,
                    shown,
                    "a URL without a password: put the password in an owner-only file named by " + PASSWORD_FILE_KEY
                            + ", or in the environment variable named by " + PASSWORD_ENV_KEY + " (default "
                            + DEFAULT_PASSWORD_ENV + ")");
        }
        return url;
    }

    /**
     * @param settings the plugin's settings
     * @return the environment variable the password is read from ({@code password-env}, default
     *         {@value #DEFAULT_PASSWORD_ENV}), or empty when that setting is not a variable name (the password is then
     *         never read from the environment: {@link #from} refuses the setting)
     */
    static Optional<String> declaredPasswordVariable(PluginSettings settings) {
        try {
            return Optional.of(passwordVariable(settings));
        } catch (InvalidSettingException e) {
            return Optional.empty();
        }
    }

    private static String passwordVariable(PluginSettings settings) {
        String variable = settings.text(PASSWORD_ENV_KEY, DEFAULT_PASSWORD_ENV);
        if (!ENV_NAME.matcher(variable).matches()) {
            throw settings.invalid(PASSWORD_ENV_KEY, variable, "an environment variable name");
        }
        return variable;
    }

    private static Optional<String> password(
            PluginSettings settings, Path stateDir, Map<String, String> env, Path home) {
        String variable = passwordVariable(settings);
        String fromEnv = env.getOrDefault(variable, "");
        String file = settings.text(PASSWORD_FILE_KEY, "");
        if (file.isEmpty()) {
            return fromEnv.isEmpty() ? Optional.empty() : Optional.of(fromEnv);
        }
        if (!fromEnv.isEmpty()) {
            throw settings.invalid(
                    PASSWORD_FILE_KEY,
                    file,
                    "either a password file or the environment variable " + variable + ", not both (unset one)");
        }
        return Optional.of(PasswordFile.read(resolve(file, stateDir, home)));
    }

    /**
     * @param context the plugin's context (settings, state directory for a relative path)
     * @param home    the user's home, for a leading {@code ~}
     * @return the password file {@code password-file} names, absolute, or empty when the setting is not set
     */
    static Optional<Path> passwordFile(PluginContext context, Path home) {
        String file = context.settings().text(PASSWORD_FILE_KEY, "");
        return file.isEmpty() ? Optional.empty() : Optional.of(resolve(file, context.stateDir(), home));
    }

    private static Path resolve(String file, Path stateDir, Path home) {
        Path path = file.startsWith("~/") ? home.resolve(file.substring(2)) : stateDir.resolve(file);
        return path.toAbsolutePath().normalize();
    }
}
