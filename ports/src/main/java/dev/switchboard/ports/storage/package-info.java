/**
 * Storage: transactional SQL access for plugins and per-plugin versioned schema migrations. A storage adapter plugin
 * (SQLite by default) implements {@link dev.switchboard.ports.storage.StorageProvider}; feature plugins inject
 * {@link dev.switchboard.ports.storage.SqlStorage} and declare their schema with a
 * {@link dev.switchboard.ports.storage.MigrationSet}.
 */
package dev.switchboard.ports.storage;
