/**
 * The hooks' direct path's store (ADR 25): the local SQLite file over one read-only JDBC connection, without jOOQ or
 * the plugin's storage, counting with the capabilities' shared queries.
 */
package dev.switchboard.plugin.mailbox.hook.adapter.out.direct;
