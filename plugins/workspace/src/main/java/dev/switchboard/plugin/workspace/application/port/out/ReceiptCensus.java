package dev.switchboard.plugin.workspace.application.port.out;

import java.time.Instant;

/**
 * How many receipts are stored and since when.
 *
 * @param count    the number of receipts, every status
 * @param oldest   the oldest receipt's last change, or null when there are none
 * @param location where they are stored, for an operator (such as {@code /home/me/.switchboard/switchboard.db,
 *                 table workspace_receipt})
 */
public record ReceiptCensus(long count, Instant oldest, String location) {}
