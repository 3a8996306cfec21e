package dev.switchboard.plugin.storage.sqlite;

import java.nio.file.Path;
import java.util.Map;

import dev.switchboard.ports.plugin.PluginContext;
import dev.switchboard.ports.storage.StorageProvider;
import dev.switchboard.testkit.storage.ChangeSignalsContract;

/** The SQLite adapter keeps the change-signal contract: two storages on one file stand for two processes. */
class SqliteChangeSignalsContractTest extends ChangeSignalsContract {

    @Override
    protected StorageProvider provider(Path stateDir) {
        return new SqliteStorageProvider(new PluginContext("storage-sqlite", Map.of(), stateDir));
    }
}
