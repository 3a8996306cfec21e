package dev.switchboard.plugin.storage.sqlite;

import java.nio.file.Path;
import java.util.Map;

import dev.switchboard.ports.plugin.PluginContext;
import dev.switchboard.ports.storage.StorageProvider;
import dev.switchboard.testkit.storage.SqlStorageContract;

/** The SQLite adapter keeps the storage contract, on {@code <stateDir>/switchboard.db} with default settings. */
class SqliteStorageContractTest extends SqlStorageContract {

    @Override
    protected StorageProvider provider(Path stateDir) {
        return new SqliteStorageProvider(new PluginContext("storage-sqlite", Map.of(), stateDir));
    }
}
