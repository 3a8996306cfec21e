package dev.switchboard.plugin.storage.sqlite.adapter.out.persistence;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import javax.sql.DataSource;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.switchboard.ports.signal.SignalRelay;
import dev.switchboard.ports.storage.Migration;
import dev.switchboard.ports.storage.SqlDialect;
import dev.switchboard.ports.storage.SqlStorage;
import dev.switchboard.ports.storage.SqlWork;
import dev.switchboard.ports.storage.StorageBusyException;
import dev.switchboard.ports.storage.StorageException;
import dev.switchboard.ports.storage.StorageStatistics;
import dev.switchboard.storage.migration.MigrationRunner;
import dev.switchboard.storage.snapshot.SnapshotRead;

/**
 * {@link SqlStorage} on one SQLite file.
 *
 * <p>Connections: one dedicated writer connection runs every {@link #transaction} and {@link #migrate} (transactions
 * begin with {@code BEGIN IMMEDIATE}); writers queue for it in arrival order instead of failing with
 * {@code SQLITE_BUSY}. {@link #dataSource()} hands out reader connections, reusing up to
 * {@value ReadDataSource#MAX_IDLE} closed ones (ADR 31); in WAL mode those readers run concurrently with each other
 * and with the writer. Every connection has {@code journal_mode=WAL},
 * {@code synchronous=FULL}, {@code foreign_keys=ON} and the configured {@code busy_timeout}.
 *
 * <p>Group commit: when several threads call {@link #transaction} at once, the caller whose turn it is runs its own
 * unit and the units already queued behind it (at most 64) back to back in ONE SQLite transaction, each inside its
 * own {@code SAVEPOINT}, and commits once: one WAL sync for all of them. A unit that throws is rolled back to its
 * savepoint alone and its caller gets its exception; the others commit. If the commit fails, every unit of the batch
 * fails with the storage error. Every caller returns only after its own writes are committed and synced, as with a
 * transaction of its own; a caller alone waits for nobody (there is no timer). Because of this, a unit of work may
 * run on another caller's thread (with its caller's SLF4J logging context), so it must not depend on thread identity
 * or thread-locals, and one unit's deferred constraint violation, detected only at the commit, fails the whole batch.
 *
 * <p>Migrations: the shared bookkeeping ({@link MigrationRunner}) runs them on the writer, each in its own
 * {@code BEGIN IMMEDIATE} transaction, so a second process on the file does not apply one twice. The SQL of a
 * migration is split into statements at semicolons outside quotes and comments; {@code CREATE TRIGGER} bodies are
 * kept whole, other compound statements are not recognised. Versions are recorded in
 * {@code switchboard_schema_version} with a SHA-256 checksum; a changed applied migration is refused.
 *
 * <p>A transaction that meets another process's lock past the busy timeout ({@code SQLITE_BUSY},
 * {@code SQLITE_LOCKED}) is rolled back and run again from scratch, with a growing, jittered pause, until the busy
 * retry budget is spent ({@link BusyRetry}; {@value #DEFAULT_BUSY_RETRY_MS} ms by default); then it fails as {@link StorageBusyException}, with the
 * driver's exception in its cause chain. {@link #snapshot} reads on a pooled reader connection in one WAL read
 * transaction ({@link SnapshotRead}; {@code SQLITE_BUSY} and {@code SQLITE_LOCKED} are busy), retried the same way.
 *
 * <p>Change signals ({@link #signals()}): a publish bumps a per-topic counter in {@code switchboard_signals} inside
 * the caller's transaction; this process's subscribers are woken once it committed, other processes' within their
 * poll interval of {@code PRAGMA data_version}, which runs only while someone subscribes (see {@link SqliteSignals}).
 *
 * <p>Thread-safe; usable from virtual threads (waiting writers park, they do not pin their carrier). Transactions
 * must not nest.
 */
public final class SqliteSqlStorage implements SqlStorage, AutoCloseable {

    /** How often, by default, other processes' signals are looked for while anyone subscribes, in milliseconds. */
    public static final int DEFAULT_SIGNAL_POLL_MS = 50;

    /**
     * How long, by default, a transaction or snapshot that met a busy database keeps being retried, in milliseconds:
     * with the default 5 s busy timeout, a call blocked throughout ends within about 13 s, inside the common 15 s and
     * 60 s client request timeouts.
     */
    public static final int DEFAULT_BUSY_RETRY_MS = 8000;

    private static final Logger LOG = LoggerFactory.getLogger(SqliteSqlStorage.class);

    private final TransactionCounters counters = new TransactionCounters();

    private final Path file;
    private final SerialWriter writer;
    private final ReadDataSource readers;
    private final MigrationRunner migrations;
    private final SqliteSignals signals;
    private final BusyRetry busyRetry;
    private final SnapshotRead snapshots;

    private SqliteSqlStorage(
            Path file,
            SerialWriter writer,
            ReadDataSource readers,
            MigrationRunner migrations,
            SqliteSignals signals,
            BusyRetry busyRetry) {
        this.file = file;
        this.writer = writer;
        this.readers = readers;
        this.migrations = migrations;
        this.signals = signals;
        this.busyRetry = busyRetry;
        this.snapshots = new SnapshotRead(readers, null, TransactionCounters::isBusy, file.toString());
    }

    /**
     * Opens the database with the default signal poll interval ({@value #DEFAULT_SIGNAL_POLL_MS} ms).
     *
     * @see #open(Path, int, Duration)
     */
    public static SqliteSqlStorage open(Path file, int busyTimeoutMs) {
        return open(file, busyTimeoutMs, Duration.ofMillis(DEFAULT_SIGNAL_POLL_MS));
    }

    /**
     * Opens the database with the default busy retry budget ({@value #DEFAULT_BUSY_RETRY_MS} ms).
     *
     * @see #open(Path, int, Duration, Duration)
     */
    public static SqliteSqlStorage open(Path file, int busyTimeoutMs, Duration signalPoll) {
        return open(file, busyTimeoutMs, signalPoll, Duration.ofMillis(DEFAULT_BUSY_RETRY_MS));
    }

    /**
     * Opens the database, creating the file (0600) and its missing parent directories (0700) when absent, and
     * restricting an existing file and its {@code -wal}/{@code -shm} files to 0600.
     *
     * @param file          the database file; made absolute
     * @param busyTimeoutMs how long, in milliseconds, a connection waits for another connection's lock
     * @param signalPoll    how often other processes' change signals are looked for, while anyone subscribes
     * @param busyRetry     how long a transaction or snapshot that met a busy database keeps being retried; zero for
     *                      none
     * @return the open storage
     * @throws StorageException if the file cannot be created or opened as a SQLite database
     */
    public static SqliteSqlStorage open(Path file, int busyTimeoutMs, Duration signalPoll, Duration busyRetry) {
        Path absolute = file.toAbsolutePath().normalize();
        try {
            OwnerOnlyFiles.prepare(absolute);
        } catch (IOException e) {
            throw new StorageException(
                    "cannot create the SQLite database " + absolute + " owner-only: " + e.getMessage(), e);
        }
        SqliteConnector connector = new SqliteConnector(absolute, busyTimeoutMs);
        SerialWriter writer = new SerialWriter(connector);
        writer.start();
        ReadDataSource readers = new ReadDataSource(connector);
        SqliteSignals signals = new SqliteSignals(readers, signalPoll);
        // the counters as of now, read on the open writer connection: what other processes commit later is news
        writer.autocommitRead(signals::seenFrom);
        LOG.info("opened SQLite storage at {}", absolute);
        return new SqliteSqlStorage(
                absolute,
                writer,
                readers,
                new MigrationRunner(SqlDialect.SQLITE, writer, Clock.systemUTC()),
                signals,
                new BusyRetry(busyRetry));
    }

    /**
     * As {@link #open(Path, int, Duration)}, but only for a database file that exists: a missing one is refused and
     * nothing (file, directory) is created. For a command that reads a store a server has used.
     *
     * @param file          the database file; made absolute
     * @param busyTimeoutMs how long, in milliseconds, a connection waits for another connection's lock
     * @param signalPoll    how often other processes' change signals are looked for, while anyone subscribes
     * @param busyRetry     how long a transaction or snapshot that met a busy database keeps being retried
     * @return the open storage
     * @throws StorageException if the file does not exist (naming it and {@code switchboard serve}), or cannot be
     *                          opened
     */
    public static SqliteSqlStorage openExisting(Path file, int busyTimeoutMs, Duration signalPoll, Duration busyRetry) {
        Path absolute = file.toAbsolutePath().normalize();
        if (!Files.isRegularFile(absolute)) {
            throw new StorageException("there is no database file at " + absolute
                    + ": no server has used this store (has `switchboard serve` run on it once, with this state"
                    + " directory?); this command does not create it");
        }
        return open(absolute, busyTimeoutMs, signalPoll, busyRetry);
    }

    /**
     * Opens an existing database file for reading only (the source of a copy): nothing is created or written.
     *
     * @param file          the database file
     * @param busyTimeoutMs how long, in milliseconds, a connection waits for another connection's lock
     * @return connections that can only read; thread-safe
     * @throws StorageException if the file does not exist
     */
    public static DataSource openReadOnly(Path file, int busyTimeoutMs) {
        Path absolute = file.toAbsolutePath().normalize();
        if (!Files.isRegularFile(absolute)) {
            throw new StorageException("there is no SQLite database at " + absolute);
        }
        return new ReadDataSource(new SqliteConnector(absolute, busyTimeoutMs), true);
    }

    @Override
    public String backend() {
        return "sqlite";
    }

    /** @return the absolute path of the database file */
    @Override
    public String location() {
        return file.toString();
    }

    @Override
    public SqlDialect dialect() {
        return SqlDialect.SQLITE;
    }

    @Override
    public DataSource dataSource() {
        return readers;
    }

    /** Runs the work as the class comment says: retried from scratch while the database is busy, within the budget. */
    @Override
    public <T> T transaction(SqlWork<T> work) {
        Objects.requireNonNull(work, "work");
        return busyRetry.run(() -> attempt(work));
    }

    /** Reads on one WAL snapshot of a pooled reader connection, retried while the database is busy. */
    @Override
    public <T> T snapshot(SqlWork<T> work) {
        Objects.requireNonNull(work, "work");
        return busyRetry.run(() -> snapshots.run(work));
    }

    private <T> T attempt(SqlWork<T> work) {
        Map<String, Long> published = SqliteSignals.published();
        try {
            T result = writer.transaction(signals.recording(work, published));
            counters.committed();
            signals.committed(published);
            return result;
        } catch (StorageException e) {
            counters.rolledBack(e);
            if (!(e instanceof StorageBusyException) && TransactionCounters.isBusy(e)) {
                // the cause chain stays whole: callers that still look for SQLITE_BUSY in it find it
                throw new StorageBusyException(
                        "the SQLite database " + file + " stayed locked by another connection past the busy timeout;"
                                + " the transaction was rolled back: " + e.getMessage(),
                        e);
            }
            throw e;
        } catch (RuntimeException | Error e) {
            counters.rolledBack(e);
            throw e;
        }
    }

    @Override
    public SignalRelay signals() {
        return signals;
    }

    /** @return whether other processes' signals are being polled for: only while someone subscribes */
    boolean pollingForSignals() {
        return signals.polling();
    }

    /** @return transactions committed and rolled back since the database opened, and those that met a lock */
    @Override
    public Optional<StorageStatistics> statistics() {
        return Optional.of(counters.snapshot());
    }

    @Override
    public int migrate(String owner, List<Migration> migrations) {
        return this.migrations.migrate(owner, migrations);
    }

    /**
     * Stops the signal poller, waits for a running transaction, closes the writer, then refuses new reader
     * connections. Idempotent.
     */
    @Override
    public void close() {
        signals.close();
        writer.close();
        readers.close();
        LOG.debug("closed SQLite storage at {}", file);
    }
}
