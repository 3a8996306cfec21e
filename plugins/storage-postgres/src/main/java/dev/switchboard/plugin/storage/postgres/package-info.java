/**
 * The PostgreSQL storage adapter plugin: one PostgreSQL schema shared by every Switchboard node that names it,
 * offered to the kernel as the {@code postgres} backend of {@link dev.switchboard.ports.storage.StorageProvider} and
 * checked by {@code switchboard doctor}. The persistence itself lives in
 * {@link dev.switchboard.plugin.storage.postgres.adapter.out.persistence}.
 */
package dev.switchboard.plugin.storage.postgres;
