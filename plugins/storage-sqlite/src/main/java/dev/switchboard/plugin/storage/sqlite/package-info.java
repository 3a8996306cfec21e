/**
 * The SQLite storage adapter plugin: the server's default embedded database, one owner-only SQLite file in WAL mode
 * with full sync and foreign keys, offered to the kernel as the {@code sqlite} backend of
 * {@link dev.switchboard.ports.storage.StorageProvider}. The persistence itself lives in
 * {@link dev.switchboard.plugin.storage.sqlite.adapter.out.persistence}.
 */
package dev.switchboard.plugin.storage.sqlite;
