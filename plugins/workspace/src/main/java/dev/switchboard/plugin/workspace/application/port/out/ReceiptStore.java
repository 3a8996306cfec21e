package dev.switchboard.plugin.workspace.application.port.out;

import java.time.Instant;
import java.util.Collection;
import java.util.Optional;
import java.util.Set;

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
     * @throws dev.switchboard.plugin.workspace.domain.WorkspaceException {@code UNAVAILABLE} when the database stayed
     *         busy or unreachable; nothing was recorded, and the caller MUST NOT dispatch
     */
    Optional<Receipt> claim(Receipt receipt);

    /**
     * Records how a claimed call ended.
     *
     * @param id     the receipt id
     * @param status {@code completed} or {@code failed}
     * @param facts  the metadata of the outcome
     * @throws dev.switchboard.plugin.workspace.domain.WorkspaceException {@code UNAVAILABLE} when the database stayed
     *         busy or unreachable; the receipt stays {@code started}
     */
    void finish(String id, String status, ReceiptFacts facts);

    /**
     * Removes a claim whose call was refused before it could dispatch (its workspace was not open), so the key stays
     * free.
     *
     * @param id the receipt id
     * @throws dev.switchboard.plugin.workspace.domain.WorkspaceException {@code UNAVAILABLE} when the database stayed
     *         busy or unreachable; the claim stays
     */
    void release(String id);

    /**
     * Deletes receipts beyond either retention limit, in one transaction: those last changed before
     * {@code olderThan}, and all but the newest {@code keep}. Receipts whose id is in {@code live} are never deleted
     * (their calls are running; the rest of the {@code started} ones are uncertain and may go).
     *
     * @param olderThan the age limit
     * @param keep      the count limit, at least 1
     * @param live      the ids of running calls
     * @return how many were deleted
     * @throws dev.switchboard.plugin.workspace.domain.WorkspaceException {@code UNAVAILABLE} when the database stayed
     *         busy or unreachable; nothing is deleted
     */
    int prune(Instant olderThan, long keep, Set<String> live);

    /**
     * Records that a call's processes, left running by a server that died, were killed: a {@code started} receipt
     * becomes {@code failed} with code {@code COMMAND_CANCELLED} and the note. Any other receipt is left as it is.
     *
     * @param id   the receipt id
     * @param note when, and which processes
     * @return whether a started receipt was changed
     * @throws dev.switchboard.plugin.workspace.domain.WorkspaceException {@code UNAVAILABLE} when the database stayed
     *         busy or unreachable
     */
    boolean recordOrphansKilled(String id, String note);

    /**
     * @param ids receipt ids, any number
     * @return those of them that have a receipt
     * @throws dev.switchboard.plugin.workspace.domain.WorkspaceException {@code UNAVAILABLE} when the database stayed
     *         busy or unreachable
     */
    Set<String> existing(Collection<String> ids);

    /**
     * @return how many receipts there are, the oldest one's time, and where they are stored
     * @throws dev.switchboard.plugin.workspace.domain.WorkspaceException {@code UNAVAILABLE} when the database stayed
     *         busy or unreachable
     */
    ReceiptCensus census();
}
