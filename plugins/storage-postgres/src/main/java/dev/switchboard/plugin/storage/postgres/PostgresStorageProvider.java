package dev.switchboard.plugin.storage.postgres;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;

import jakarta.inject.Inject;

import org.pf4j.Extension;

import dev.switchboard.plugin.storage.postgres.adapter.out.persistence.PasswordSource;
import dev.switchboard.plugin.storage.postgres.adapter.out.persistence.PostgresConfig;
import dev.switchboard.plugin.storage.postgres.adapter.out.persistence.PostgresSqlStorage;
import dev.switchboard.ports.plugin.PluginContext;
import dev.switchboard.ports.storage.SqlStorage;
import dev.switchboard.ports.storage.StorageException;
import dev.switchboard.ports.storage.StorageProvider;

/**
 * The {@code postgres} storage backend: one schema of a PostgreSQL 14+ database, selected by
 * {@code kernel.storage: postgres}. Settings ({@code plugins.storage-postgres}): {@code url} (required),
 * {@code user}, {@code password-file} or {@code password-env}, {@code schema}, {@code pool-size},
 * {@code statement-timeout-ms}, {@code lock-timeout-ms}, {@code connect-timeout-ms}, {@code signal-resync-ms}; see
 * {@code docs/configuration.md}. Nothing is read or connected until {@link #open()}, so an unselected backend costs
 * the start nothing.
 *
 * <p>Thread-safe. {@link #open()} returns the same storage until {@link #close()}; {@link #close()} may be called more
 * than once.
 */
@Extension
public final class PostgresStorageProvider implements StorageProvider {

    /** The backend name matched against the kernel's {@code kernel.storage} setting. */
    public static final String BACKEND = "postgres";

    private final PluginContext context;
    private final Map<String, String> env;
    private final ReentrantLock lock = new ReentrantLock();
    private PostgresSqlStorage storage;

    /** @param context the plugin's id, settings and the server's state directory */
    @Inject
    public PostgresStorageProvider(PluginContext context) {
        this(context, System.getenv());
    }

    /**
     * @param context the plugin's id, settings and the server's state directory
     * @param env     the environment the password variable is read from
     */
    PostgresStorageProvider(PluginContext context, Map<String, String> env) {
        this.context = context;
        this.env = Map.copyOf(env);
    }

    @Override
    public String backend() {
        return BACKEND;
    }

    /**
     * Connects: opens the pool, checks the server version and creates the schema when it is missing. The settings
     * and the password file are read now (a later call after {@link #close()}, or a retry after a failure, reads them
     * again); while open, a password file's new content is used from the next new connection on
     * ({@link WatchedPasswordFile}).
     *
     * @throws StorageException if a setting is missing or malformed, the password cannot be read, or the server
     *                          cannot be reached or used
     */
    @Override
    public SqlStorage open() {
        lock.lock();
        try {
            if (storage == null) {
                Path home = Path.of(System.getProperty("user.home"));
                PostgresConfig config = PostgresSettings.from(context, env, home);
                PasswordSource passwords = PostgresSettings.passwordFile(context, home)
                        .<PasswordSource>map(file -> new WatchedPasswordFile(file, config.password()))
                        .orElseGet(() -> PasswordSource.fixed(config.password()));
                storage = PostgresSqlStorage.open(config, passwords);
            }
            return storage;
        } finally {
            lock.unlock();
        }
    }

    /** @return the open storage, or empty when this backend was not opened */
    Optional<PostgresSqlStorage> opened() {
        lock.lock();
        try {
            return Optional.ofNullable(storage);
        } finally {
            lock.unlock();
        }
    }

    /** Closes the pool; does nothing when not open. */
    @Override
    public void close() {
        lock.lock();
        try {
            if (storage != null) {
                storage.close();
                storage = null;
            }
        } finally {
            lock.unlock();
        }
    }
}
