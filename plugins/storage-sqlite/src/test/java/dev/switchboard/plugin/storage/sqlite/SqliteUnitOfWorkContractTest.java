package dev.switchboard.plugin.storage.sqlite;

import java.nio.file.Path;
import java.util.Map;

import dev.switchboard.ports.plugin.PluginContext;
import dev.switchboard.ports.storage.StorageProvider;
import dev.switchboard.testkit.storage.UnitOfWorkContract;

/** The SQLite adapter keeps the snapshot and write-helper contract, on a file with default settings. */
class SqliteUnitOfWorkContractTest extends UnitOfWorkContract {

    @Override
    protected StorageProvider provider(Path stateDir) {
        return new SqliteStorageProvider(new PluginContext("storage-sqlite", Map.of(), stateDir));
    }
}
