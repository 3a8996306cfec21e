package dev.switchboard.plugin.storage.postgres.adapter.out.persistence;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

import javax.sql.DataSource;

import org.postgresql.ds.PGSimpleDataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import com.zaxxer.hikari.HikariDataSource;

import dev.switchboard.ports.signal.SignalRelay;
import dev.switchboard.ports.storage.Isolation;
import dev.switchboard.ports.storage.Migration;
import dev.switchboard.ports.storage.SqlDialect;
import dev.switchboard.ports.storage.SqlStorage;
import dev.switchboard.ports.storage.SqlWork;
import dev.switchboard.ports.storage.StorageException;
import dev.switchboard.ports.storage.StorageStatistics;
import dev.switchboard.storage.migration.MigrationRunner;
import dev.switchboard.storage.snapshot.SnapshotRead;

/**
 * {@link SqlStorage} on one PostgreSQL schema, through a HikariCP pool of at most {@link PostgresConfig#poolSize()}
 * connections.
 *
 * <p>{@link #transaction} runs the work as a {@code SERIALIZABLE} transaction on a pooled connection, or at
 * {@code READ COMMITTED} when it asks for {@link Isolation#READ_COMMITTED}. Group commit: concurrent works of one
 * isolation that queue while earlier ones commit run together in one transaction, back to back, with one
 * commit ({@link CommitLane}, {@link SharedTransaction}); a work alone runs at once, in a transaction of its own.
 * Works that name the same affinity ({@link #transaction(Isolation, String, SqlWork)}: the hot row they lock) are
 * taken into one shared transaction together rather than into concurrent ones that would wait on each other's lock.
 * Serialization failures and deadlocks ({@code 40001}, {@code 40P01}) are rolled back and the works retried alone
 * with a jittered back-off, at most 10 runs in all, so the work MAY run more than once and must not have effects
 * outside the database. A lock or
 * statement timeout, a lost connection or no free connection within the connect timeout, and retries that ran out,
 * surface as {@link dev.switchboard.ports.storage.StorageBusyException} after the rollback; a
 * {@link RuntimeException} of the work whose cause is such a driver error too (jOOQ wraps them). {@link #snapshot}
 * reads on a pooled connection at {@code REPEATABLE READ, READ ONLY} ({@link SnapshotRead}; busy or unreachable as
 * for transactions, not retried: the pool already waited the connect timeout). {@link #dataSource()}
 * lends pooled connections in auto-commit mode at {@code READ COMMITTED}. An outage, whichever part meets it, is two
 * WARN lines ({@link OutageLog}), and while it lasts a call waits at most the connect timeout.
 *
 * <p>Migrations go through the shared bookkeeping ({@link MigrationRunner}); each one's SQL is sent whole, so dollar
 * quotes, functions and comments need no splitting.
 *
 * <p>Change signals: recorded in the publishing transaction and sent after its commit as batched {@code NOTIFY}s on a
 * dedicated connection, heard by every other storage on the database through one dedicated listening connection held
 * only while someone subscribes ({@link PostgresSignals}).
 *
 * <p>Thread-safe; usable from virtual threads. Transactions do not nest: a unit that calls {@link #transaction} gets
 * a second, independent connection.
 */
public final class PostgresSqlStorage implements SqlStorage, AutoCloseable {

    /** The {@code application_name} of the connection that listens for change signals, for operators. */
    public static final String SIGNALS_APPLICATION_NAME = "switchboard-signals";

    /**
     * The most shared transactions of one isolation that run at once (fewer with a pool under 8 connections: half
     * the pool, at least 1): while one waits for its commit's flush, the next runs its works, and units of different
     * rows proceed in parallel.
     */
    static final int MAX_BATCHES_IN_FLIGHT = 4;

    /** Makes a snapshot's transaction one read-only snapshot; valid only as its first statement. */
    static final String SET_SNAPSHOT = "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY";

    private static final Logger LOG = LoggerFactory.getLogger(PostgresSqlStorage.class);

    private final PostgresConfig config;
    private final HikariDataSource pool;
    private final DataSource lent;
    private final Counters counters = new Counters();
    private final SerializableTransactions transactions;
    private final MigrationRunner migrations;
    private final PostgresSignals signals;
    private final Map<Isolation, CommitLane> lanes = new EnumMap<>(Isolation.class);
    private final SnapshotRead snapshots;

    private PostgresSqlStorage(
            PostgresConfig config,
            HikariDataSource pool,
            boolean signalLog,
            PGSimpleDataSource listening,
            OutageLog outages) {
        this.config = config;
        this.pool = pool;
        this.lent = new ReportingDataSource(pool, outages);
        String node = UUID.randomUUID().toString();
        SignalLog log = new SignalLog(node, signalLog);
        this.signals = new PostgresSignals(listening, config.schema(), config.signalResyncMs(), outages, node, log);
        this.transactions = new SerializableTransactions(pool, Backoff.DEFAULT, counters, outages, log);
        SharedTransaction shared =
                new SharedTransaction(pool, config.connectTimeoutMs(), transactions, counters, outages, log);
        for (Isolation isolation : Isolation.values()) {
            lanes.put(
                    isolation,
                    new CommitLane((batch, joiners) -> shared.run(batch, isolation, joiners), batchesInFlight()));
        }
        this.migrations = new MigrationRunner(SqlDialect.POSTGRES, MigrationConnections.on(pool), Clock.systemUTC());
        this.snapshots = new SnapshotRead(lent, SET_SNAPSHOT, e -> Failure.of(e) != Failure.OTHER, location());
    }

    /**
     * Opens the pool, checks the server ({@link PostgresVersion#requirement()}) and creates the schema when it is missing.
     *
     * @param config where and how to connect
     * @return the open storage
     * @throws StorageException if the server cannot be reached or used; the message names no credential
     */
    public static PostgresSqlStorage open(PostgresConfig config) {
        return open(config, PasswordSource.fixed(config.password()));
    }

    /**
     * As {@link #open(PostgresConfig)}, but every new connection logs in with the password {@code passwords} gives at
     * that moment (a rotated password file is used without a restart), and a refused login is logged as an
     * authentication failure ({@link LoginLog}); {@code config.password()} is not used.
     *
     * @param config    where and how to connect
     * @param passwords where each new connection's password is read
     * @return the open storage
     * @throws StorageException if the server cannot be reached or used; the message names no credential
     */
    public static PostgresSqlStorage open(PostgresConfig config, PasswordSource passwords) {
        return open(config, passwords, new OutageLog(config.url(), Duration.ofMillis(config.connectTimeoutMs())));
    }

    /** @return the storage as {@link #open(PostgresConfig)} opens it, reporting outages to {@code outages} (tests) */
    static PostgresSqlStorage open(PostgresConfig config, OutageLog outages) {
        return open(config, PasswordSource.fixed(config.password()), outages);
    }

    private static PostgresSqlStorage open(PostgresConfig config, PasswordSource passwords, OutageLog outages) {
        LoginLog logins = new LoginLog(config.url(), config.user().orElse("(the default user)"));
        ConnectionPool.Opened opened = ConnectionPool.open(config, passwords, logins);
        PGSimpleDataSource listening = ConnectionPool.driverDataSource(config, passwords, logins);
        listening.setApplicationName(SIGNALS_APPLICATION_NAME);
        LOG.info("opened PostgreSQL storage at {}, schema {}", config.url(), config.schema());
        PlainTextCheck.warning(config.url()).ifPresent(LOG::warn);
        return new PostgresSqlStorage(config, opened.pool(), opened.signalLog(), listening, outages);
    }

    @Override
    public String backend() {
        return "postgres";
    }

    /** @return the JDBC URL without credentials, with the schema as {@code currentSchema} */
    @Override
    public String location() {
        return config.url() + (config.url().contains("?") ? "&" : "?") + "currentSchema=" + config.schema();
    }

    /**
     * @return the database's name only, such as {@code switchboard}: clients are not told the server's host or port
     *         (the operator finds them in {@link #location()}, which {@code switchboard doctor} shows)
     */
    @Override
    public String clientLocation() {
        return JdbcUrls.databaseName(config.url()).orElse("(unnamed database)");
    }

    @Override
    public SqlDialect dialect() {
        return SqlDialect.POSTGRES;
    }

    @Override
    public DataSource dataSource() {
        return lent;
    }

    @Override
    public <T> T transaction(SqlWork<T> work) {
        return transaction(Isolation.SERIALIZABLE, work);
    }

    /**
     * Runs the work as the class comment says; a call from inside a unit of work runs in a transaction of its own at
     * once (it cannot wait for the batch it is part of).
     */
    @Override
    public <T> T transaction(Isolation isolation, SqlWork<T> work) {
        return transaction(isolation, null, work);
    }

    /**
     * Runs the work as {@link #transaction(Isolation, SqlWork)} does; concurrent works of one affinity are taken into
     * the same shared transaction, never into two in flight at once ({@link CommitLane}).
     */
    @Override
    public <T> T transaction(Isolation isolation, String affinity, SqlWork<T> work) {
        Objects.requireNonNull(isolation, "isolation");
        Objects.requireNonNull(work, "work");
        Set<String> published = PostgresSignals.published();
        SqlWork<T> recorded = signals.recording(work, published);
        T result;
        if (transactions.insideTransaction()) {
            result = transactions.run(isolation, recorded, published);
        } else {
            Unit<T> unit = new Unit<>(recorded, published, affinity);
            lanes.get(isolation).submit(unit);
            result = unit.alone()
                    ? transactions.retry(isolation, recorded, published, unit.abortedAttempts())
                    : unit.outcome();
        }
        signals.committed(published);
        return result;
    }

    /** Reads on one {@code REPEATABLE READ, READ ONLY} snapshot of a pooled connection, as the class comment says. */
    @Override
    public <T> T snapshot(SqlWork<T> work) {
        Objects.requireNonNull(work, "work");
        return snapshots.run(work);
    }

    /** @return the change-signal relay: {@code NOTIFY} after the commit, one listening connection (see {@link PostgresSignals}) */
    @Override
    public SignalRelay signals() {
        return signals;
    }

    /** @return how many shared transactions of one isolation may run at once, by the pool's size */
    int batchesInFlight() {
        return Math.max(1, Math.min(MAX_BATCHES_IN_FLIGHT, config.poolSize() / 2));
    }

    /** @return how many units of {@code isolation} wait for a shared transaction now (for tests) */
    int queuedUnits(Isolation isolation) {
        return lanes.get(isolation).queued();
    }

    /** @return whether the listening connection is held: only while someone subscribes */
    boolean listeningForSignals() {
        return signals.listening();
    }

    /** @return how many {@code NOTIFY} statements were sent so far, each a batch of coalesced topics */
    long notifyBatches() {
        return signals.notifyBatches();
    }

    @Override
    public int migrate(String owner, List<Migration> migrations) {
        return this.migrations.migrate(owner, migrations);
    }

    /** @return transactions committed and rolled back since the pool opened; busy counts retries and busy failures */
    @Override
    public Optional<StorageStatistics> statistics() {
        return Optional.of(counters.snapshot());
    }

    /**
     * @return what {@code switchboard doctor} reports about the server and the schema, read now
     * @throws StorageException if the server cannot be asked
     */
    public ServerFacts facts() {
        try (Connection connection = pool.getConnection()) {
            return ServerFacts.read(connection, config, migrations.recordedVersions(connection));
        } catch (SQLException e) {
            throw new StorageException("cannot query PostgreSQL at " + config.url() + ": " + e.getMessage(), e);
        }
    }

    /**
     * Stops listening for change signals and sends those still queued, then closes the pool and its connections (HikariCP aborts those still lent
     * after a short wait). Idempotent.
     */
    @Override
    public void close() {
        signals.close();
        pool.close();
        LOG.debug("closed PostgreSQL storage at {}", config.url());
    }
}
