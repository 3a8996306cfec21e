package dev.switchboard.plugin.mailbox.upload.application.port.out;

import java.util.List;
import java.util.Optional;

import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.upload.domain.Upload;

/** The uploads of a channel ({@code mailbox_upload}). Called inside a transaction only; stateless otherwise. */
public interface UploadStore {

    /**
     * @param tx the transaction
     * @param id the upload's id in the transaction's channel
     * @return the upload, or empty
     */
    Optional<Upload> find(Tx tx, long id);

    /**
     * Creates an unsealed upload with the channel's next upload id, created at {@code tx.now()}.
     *
     * @param tx    a writing transaction
     * @param owner the creating role
     * @param label the label, or null
     * @param text  the first piece
     * @return the new upload
     */
    Upload create(Tx tx, String owner, String label, String text);

    /**
     * Stores the body, seal and digest of an existing upload.
     *
     * @param tx     a writing transaction
     * @param upload its new state
     */
    void update(Tx tx, Upload upload);

    /**
     * Records that the secret guardrail's override let these rules through into the upload (added to earlier ones).
     *
     * @param tx    a writing transaction
     * @param id    the upload
     * @param rules the rule ids
     */
    void recordOverride(Tx tx, long id, List<String> rules);
}
