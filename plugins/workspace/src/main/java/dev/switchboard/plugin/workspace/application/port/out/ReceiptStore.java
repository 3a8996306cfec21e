package dev.switchboard.plugin.workspace.application.port.out;

import java.util.Optional;

/**
 * Durable receipts of calls that carry a request key. A receipt holds metadata only: never command text, file
 * content or conversation. Implementations MUST be thread-safe and MUST make {@link #claim} atomic across processes.
 */
public interface ReceiptStore {

    /**
     * Records the intent to dispatch a call, durably, unless a receipt with the same id exists.
     *
     * @param receipt the new receipt, status {@code started}
     * @return empty when the claim was recorded (the caller may dispatch); otherwise the existing receipt, and the
     *         caller MUST NOT dispatch
     */
    Optional<Receipt> claim(Receipt receipt);

    /**
     * Records how a claimed call ended.
     *
     * @param id     the receipt id
     * @param status {@code completed} or {@code failed}
     * @param facts  the metadata of the outcome
     */
    void finish(String id, String status, ReceiptFacts facts);

    /**
     * Removes a claim whose call was refused before it could dispatch (its workspace was not open), so the key stays
     * free.
     *
     * @param id the receipt id
     */
    void release(String id);
}
