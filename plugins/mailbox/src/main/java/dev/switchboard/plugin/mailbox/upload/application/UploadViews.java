package dev.switchboard.plugin.mailbox.upload.application;

import java.util.LinkedHashMap;
import java.util.Map;

import dev.switchboard.plugin.mailbox.channel.domain.Digest;
import dev.switchboard.plugin.mailbox.upload.domain.Upload;

/** An upload's wire form, as every upload tool answers it. Stateless. */
public final class UploadViews {

    private UploadViews() {}

    /**
     * @param upload   the upload
     * @param withBody whether to include its text
     * @return {@code upload_id, uploaded_by, label, sealed, created_at, sealed_at, sha256, length_bytes,
     *         length_chars} (+ {@code body})
     */
    public static Map<String, Object> wire(Upload upload, boolean withBody) {
        Digest digest = upload.digest();
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("upload_id", upload.id());
        wire.put("uploaded_by", upload.owner());
        wire.put("label", upload.label());
        wire.put("sealed", upload.sealed());
        wire.put("created_at", upload.createdAt());
        wire.put("sealed_at", upload.sealedAt());
        wire.put("sha256", digest.sha256());
        wire.put("length_bytes", digest.bytes());
        wire.put("length_chars", digest.chars());
        if (withBody) {
            wire.put("body", upload.body());
        }
        return wire;
    }
}
