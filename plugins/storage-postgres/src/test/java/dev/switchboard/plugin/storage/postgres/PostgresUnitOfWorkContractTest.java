package dev.switchboard.plugin.storage.postgres;

import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;

import dev.switchboard.ports.plugin.PluginContext;
import dev.switchboard.ports.storage.StorageProvider;
import dev.switchboard.testkit.storage.TestDatabase;
import dev.switchboard.testkit.storage.TestPostgres;
import dev.switchboard.testkit.storage.UnitOfWorkContract;

/** The PostgreSQL adapter keeps the snapshot and write-helper contract, each test on a new database. */
class PostgresUnitOfWorkContractTest extends UnitOfWorkContract {

    private TestDatabase database;

    @BeforeEach
    void newDatabase() {
        database = TestPostgres.database();
    }

    @Override
    protected StorageProvider provider(Path stateDir) {
        return new PostgresStorageProvider(
                new PluginContext("storage-postgres", database.settings(), stateDir), Map.of());
    }
}
