package dev.switchboard.kernel.testplugins.memstore;

import java.util.List;

import javax.sql.DataSource;

import org.pf4j.Extension;

import dev.switchboard.ports.storage.Migration;
import dev.switchboard.ports.storage.SqlDialect;
import dev.switchboard.ports.storage.SqlStorage;
import dev.switchboard.ports.storage.SqlWork;
import dev.switchboard.ports.storage.StorageProvider;

/**
 * A storage plugin for kernel tests ({@code kernel.storage: memory}) that records migrations in system properties
 * ({@code memstore.<owner>} = highest version), because this class is loaded again by the plugin's own class loader
 * and its statics are not the test's. Not a database: the SQLite plugin has its own tests.
 */
@Extension
public final class MemStorage implements StorageProvider, SqlStorage {

    /** The system property prefix under which applied versions are recorded. */
    public static final String PREFIX = "memstore.";

    @Override
    public String backend() {
        return "memory";
    }

    /** The system property that, set, makes {@link #open()} fail as a database that is down does. */
    public static final String DOWN = "memstore.down";

    /** @throws dev.switchboard.ports.storage.StorageBusyException while {@value #DOWN} is set: worth retrying */
    @Override
    public SqlStorage open() {
        if (System.getProperty(DOWN) != null) {
            throw new dev.switchboard.ports.storage.StorageBusyException(
                    "the memory store is down", "the memory store is down", null);
        }
        return this;
    }

    /** The system property that, set, makes {@link #openExisting()} find no store. */
    public static final String MISSING = "memstore.missing";

    /** Refuses when {@value #MISSING} is set, as a backend with no database yet does. */
    @Override
    public SqlStorage openExisting() {
        if (System.getProperty(MISSING) != null) {
            throw new dev.switchboard.ports.storage.StorageException("there is no memory store yet");
        }
        return this;
    }

    @Override
    public void close() {
        dev.switchboard.kernel.testplugins.lifecycle.Journal.record("storage-closed");
    }

    /** Names a host, as a database server's location does: clients must not be shown it. */
    @Override
    public String location() {
        return "memory://db.internal.example:6543/mem_store";
    }

    @Override
    public String clientLocation() {
        return "mem_store";
    }

    @Override
    public SqlDialect dialect() {
        return SqlDialect.SQLITE;
    }

    /**
     * @return connections that only answer {@code isValid} (true unless {@value #DOWN} is set) and {@code close}:
     *         what a readiness probe asks; no SQL
     */
    @Override
    public DataSource dataSource() {
        return (DataSource) java.lang.reflect.Proxy.newProxyInstance(
                MemStorage.class.getClassLoader(), new Class<?>[] {DataSource.class}, (proxy, method, args) -> {
                    if (!method.getName().equals("getConnection")) {
                        throw new UnsupportedOperationException("no " + method.getName() + " in the test storage");
                    }
                    if (System.getProperty(DOWN) != null) {
                        throw new java.sql.SQLException("the memory store is down", "08001");
                    }
                    return java.lang.reflect.Proxy.newProxyInstance(
                            MemStorage.class.getClassLoader(),
                            new Class<?>[] {java.sql.Connection.class},
                            (connection, call, callArgs) -> switch (call.getName()) {
                                case "isValid" -> System.getProperty(DOWN) == null;
                                case "close" -> null;
                                default ->
                                    throw new UnsupportedOperationException(
                                            "no " + call.getName() + " in the test storage");
                            });
                });
    }

    /** @return a relay that watches nothing and refuses publishing, as there are no transactions */
    @Override
    public dev.switchboard.ports.signal.SignalRelay signals() {
        return new dev.switchboard.ports.signal.SignalRelay() {
            @Override
            public void publish(java.sql.Connection transaction, String topic) {
                throw new IllegalStateException("no transactions in the test storage");
            }

            @Override
            public void watch(java.util.Set<String> topics, dev.switchboard.ports.signal.SignalReceiver receiver) {
                // nothing changes in the test storage
            }
        };
    }

    @Override
    public <T> T transaction(SqlWork<T> work) {
        throw new UnsupportedOperationException("no transactions in the test storage");
    }

    @Override
    public <T> T snapshot(SqlWork<T> work) {
        throw new UnsupportedOperationException("no snapshots in the test storage");
    }

    @Override
    public int migrate(String owner, List<Migration> migrations) {
        int latest = migrations.stream().mapToInt(Migration::version).max().orElse(0);
        System.setProperty(PREFIX + owner, Integer.toString(latest));
        return latest;
    }
}
