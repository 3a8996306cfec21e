package dev.switchboard.plugin.mailbox.importer.application.port.out;

import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.importer.domain.ImportCounts;
import dev.switchboard.plugin.mailbox.importer.domain.ImportPlan;

/** Writes an import into a channel's tables, inside the caller's transaction. Thread-safe. */
public interface ImportStore {

    /**
     * @param tx the transaction, on the target channel
     * @return whether the channel holds no message, pin version or upload
     */
    boolean isEmpty(Tx tx);

    /**
     * Writes every row of the plan into the transaction's channel, ids and timestamps as they are, and moves the
     * channel's next message and upload ids past the highest imported ones.
     *
     * @param tx   the transaction, on an empty channel
     * @param plan the rows
     * @return how many rows went into each table
     */
    ImportCounts write(Tx tx, ImportPlan plan);
}
