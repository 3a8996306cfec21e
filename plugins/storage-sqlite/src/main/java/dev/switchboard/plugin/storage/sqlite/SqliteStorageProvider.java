package dev.switchboard.plugin.storage.sqlite;

import java.nio.file.Path;
import java.util.concurrent.locks.ReentrantLock;

import javax.sql.DataSource;

import jakarta.inject.Inject;

import org.pf4j.Extension;

import dev.switchboard.plugin.storage.sqlite.adapter.out.persistence.SqliteSqlStorage;
import dev.switchboard.ports.plugin.PluginContext;
import dev.switchboard.ports.storage.SqlStorage;
import dev.switchboard.ports.storage.StorageException;
import dev.switchboard.ports.storage.StorageProvider;

/**
 * The {@code sqlite} storage backend: one SQLite file, by default {@code <stateDir>/switchboard.db}.
 *
 * <p>Settings ({@code plugins.storage-sqlite} in {@code application.yaml}): {@code path}, the database file (a leading
 * {@code ~} is the user's home; relative paths are relative to the state directory); {@code busy-timeout-ms}, how
 * long a connection waits for another's lock, default 5000; {@code signal-poll-ms}, how often other processes' change
 * signals are looked for while anyone subscribes, default 50 (10..1000).
 *
 * <p>Thread-safe. {@link #open()} returns the same storage until {@link #close()}; {@link #close()} may be called more
 * than once.
 */
@Extension
public final class SqliteStorageProvider implements StorageProvider {

    /** The backend name matched against the kernel's {@code kernel.storage} setting. */
    public static final String BACKEND = "sqlite";

    private final PluginContext context;
    private final ReentrantLock lock = new ReentrantLock();
    private SqliteSqlStorage storage;

    /** @param context the plugin's id, settings and the server's state directory */
    @Inject
    public SqliteStorageProvider(PluginContext context) {
        this.context = context;
    }

    @Override
    public String backend() {
        return BACKEND;
    }

    /**
     * Opens the database file, creating it (0600) and its missing parent directories (0700) when absent.
     *
     * @throws StorageException if a setting is malformed or the database cannot be opened
     */
    @Override
    public SqlStorage open() {
        return opened(SqliteSqlStorage::open);
    }

    /**
     * Opens the database file only if it exists: a missing one is refused, and neither it nor its directory is
     * created.
     *
     * @throws StorageException if a setting is malformed, the file does not exist, or it cannot be opened
     */
    @Override
    public SqlStorage openExisting() {
        return opened(SqliteSqlStorage::openExisting);
    }

    private SqlStorage opened(Opener opener) {
        lock.lock();
        try {
            if (storage == null) {
                SqliteSettings settings = SqliteSettings.from(context, Path.of(System.getProperty("user.home")));
                storage = opener.open(
                        settings.file(), settings.busyTimeoutMs(), settings.signalPoll(), settings.busyRetry());
            }
            return storage;
        } finally {
            lock.unlock();
        }
    }

    /** How the file is opened: created if missing, or only if it exists. */
    private interface Opener {
        SqliteSqlStorage open(
                Path file, int busyTimeoutMs, java.time.Duration signalPoll, java.time.Duration busyRetry);
    }

    /**
     * Opens the configured database file read-only, without creating it.
     *
     * @throws StorageException if a setting is malformed or the file does not exist
     */
    @Override
    public DataSource openReadOnly() {
        SqliteSettings settings = SqliteSettings.from(context, Path.of(System.getProperty("user.home")));
        return SqliteSqlStorage.openReadOnly(settings.file(), settings.busyTimeoutMs());
    }

    /** Waits for a running transaction, then closes the database; does nothing when not open. */
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
