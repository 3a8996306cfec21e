/**
 * The workspace plugin's part in the server's life cycle: a {@code ManagedService} that prunes request-key receipts
 * at start and hourly and closes every workspace at shutdown, and the {@code doctor}'s report on the receipts.
 */
package dev.switchboard.plugin.workspace.adapter.in.lifecycle;
