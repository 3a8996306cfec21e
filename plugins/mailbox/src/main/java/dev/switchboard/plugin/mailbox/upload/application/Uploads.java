package dev.switchboard.plugin.mailbox.upload.application;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.RequestKeys;
import dev.switchboard.plugin.mailbox.channel.application.Untrusted;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Transactions;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.upload.application.port.out.UploadStore;
import dev.switchboard.plugin.mailbox.upload.domain.Upload;
import dev.switchboard.ports.secrets.SecretGuard;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.Refusal;
import dev.switchboard.ports.tool.ToolCall;

/**
 * The upload use cases (seed-features §1C.2 "Large bodies"). Any role may read an upload; only its owner appends to
 * or seals it; a sealed upload never changes; an append that would pass {@link Upload#MAX_BYTES} is refused with
 * nothing appended. Each method runs inside the caller's transaction. Thread-safe (stateless).
 */
@Singleton
public final class Uploads {

    /** How much of the body before an appended piece the secret scan also reads, for a secret split across pieces. */
    static final int SCAN_OVERLAP = 512;

    private final Transactions transactions;
    private final RequestKeys requestKeys;
    private final UploadStore store;
    private final SecretGuard guard;

    @Inject
    Uploads(Transactions transactions, RequestKeys requestKeys, UploadStore store, SecretGuard guard) {
        this.transactions = transactions;
        this.requestKeys = requestKeys;
        this.store = store;
        this.guard = guard;
    }

    /**
     * @param caller   who uploads
     * @param call     the tool call: its request_key makes a retry safe ({@link RequestKeys})
     * @param text     the piece (not empty)
     * @param uploadId the upload to append to, or empty to start one
     * @param label    the new upload's label (at most {@link Upload#LABEL_MAX} characters), or null
     * @param allowSensitive the caller's half of the secret guardrail's override
     * @return the upload after the append, with the rules an override let through (recorded on the upload);
     *         INVALID_ARGUMENTS for empty text, a long label or a piece over the cap; NOT_FOUND; FORBIDDEN for another
     *         role's upload; CONFLICT for a sealed one; SECRET_DETECTED
     */
    public Outcome<Map<String, Object>> upload(
            Caller caller, ToolCall call, String text, Optional<Long> uploadId, String label, boolean allowSensitive) {
        return requestKeys.write(
                caller,
                call,
                tx -> upload(tx, caller.role(), text, uploadId, label, allowSensitive)
                        .map(uploaded -> {
                            Map<String, Object> wire = UploadViews.wire(uploaded.upload(), false);
                            if (!uploaded.overridden().isEmpty()) {
                                wire.put("sensitive_override", uploaded.overridden());
                            }
                            wire.put(
                                    "note",
                                    "append more with the same upload_id, then seal_content to fix its digest; the"
                                            + " digest above is of what has arrived so far");
                            return wire;
                        }));
    }

    private Outcome<Uploaded> upload(
            Tx tx, String role, String text, Optional<Long> uploadId, String label, boolean allowSensitive) {
        if (text.isEmpty()) {
            return Refusal.invalid("text", "is required: the piece to upload").outcome();
        }
        if (label != null && label.codePointCount(0, label.length()) > Upload.LABEL_MAX) {
            return Refusal.invalid("label", "must be at most " + Upload.LABEL_MAX + " characters")
                    .outcome();
        }
        if (uploadId.isEmpty()) {
            if (!Upload.fits(Upload.utf8Bytes(text))) {
                return tooLarge(Upload.utf8Bytes(text)).outcome();
            }
            Map<String, String> texts = new LinkedHashMap<>();
            texts.put("label", label);
            texts.put("text", text);
            return guard.check(texts, allowSensitive).then(overridden -> {
                Upload created = store.create(tx, role, label, text);
                return recorded(tx, created, overridden);
            });
        }
        return find(tx, uploadId.get()).then(upload -> {
            Optional<Upload.Problem> problem = upload.appendProblem(role, text);
            if (problem.isPresent()) {
                Refusal refusal = switch (problem.get()) {
                    case NOT_OWNER -> notOwner(upload, role);
                    case SEALED ->
                        Refusal.conflict("upload " + upload.id() + " is sealed: its digest is published"
                                + " and its bytes cannot change; nothing was appended. Start a new upload for a new"
                                + " revision");
                    case TOO_LARGE -> tooLarge(Upload.utf8Bytes(upload.body()) + Upload.utf8Bytes(text));
                };
                return refusal.outcome();
            }
            String before = upload.body();
            String scanned = before.substring(Math.max(0, before.length() - SCAN_OVERLAP)) + text;
            return guard.check(Map.of("text", scanned), allowSensitive).then(overridden -> {
                Upload appended = upload.appended(text);
                store.update(tx, appended);
                return recorded(tx, appended, overridden);
            });
        });
    }

    /**
     * Seals an upload; sealing a sealed one again changes nothing and answers the same digest.
     *
     * @param tx   a writing transaction
     * @param role the caller
     * @param id   the upload
     * @return the sealed upload; NOT_FOUND, or FORBIDDEN for another role's upload
     */
    public Outcome<Upload> seal(Tx tx, String role, long id) {
        return find(tx, id).then(upload -> {
            if (!upload.owner().equals(role)) {
                return notOwner(upload, role).outcome();
            }
            if (upload.sealed()) {
                return Outcome.done(upload);
            }
            Upload sealed = upload.seal(tx.now());
            store.update(tx, sealed);
            return Outcome.done(sealed);
        });
    }

    /**
     * {@code seal_content}: {@link #seal(Tx, String, long)} in its own write.
     *
     * @param caller who seals
     * @param call   the tool call: its request_key makes a retry safe ({@link RequestKeys})
     * @param id     the upload
     * @return the sealed upload's wire form ({@link UploadViews#wire}); NOT_FOUND, or FORBIDDEN for another role's
     *     upload
     */
    public Outcome<Map<String, Object>> seal(Caller caller, ToolCall call, long id) {
        return requestKeys.write(
                caller, call, tx -> seal(tx, caller.role(), id).map(upload -> UploadViews.wire(upload, false)));
    }

    /**
     * {@code get_content}: one upload, read in its own snapshot.
     *
     * @param caller   who reads
     * @param id       the upload
     * @param withBody whether to include its text (marked untrusted)
     * @return the upload's wire form; NOT_FOUND
     */
    public Outcome<Map<String, Object>> content(Caller caller, long id, boolean withBody) {
        return transactions.read(
                caller.channelId(),
                tx -> find(tx, id).map(upload -> {
                    Map<String, Object> wire = UploadViews.wire(upload, withBody);
                    if (withBody) {
                        wire.put(Untrusted.FIELD, Untrusted.NOTE);
                    }
                    return wire;
                }));
    }

    /** @return the upload, readable by any role; NOT_FOUND */
    private Outcome<Upload> find(Tx tx, long id) {
        return lookup(tx, id)
                .map(Outcome::done)
                .orElseGet(() -> Refusal.notFound("upload " + id + " not found in this channel;"
                                + " upload_content without upload_id starts one")
                        .outcome());
    }

    /**
     * @param tx any transaction
     * @param id the upload
     * @return the upload, or empty when there is none
     */
    public Optional<Upload> lookup(Tx tx, long id) {
        return store.find(tx, id);
    }

    /**
     * What a {@code body_ref} names: the text of a sealed upload, for a message, a revision or a pin body.
     *
     * @param tx      any transaction
     * @param bodyRef the upload id
     * @return the sealed upload; NOT_FOUND, or CONFLICT while it is not sealed
     */
    public Outcome<Upload> sealedReference(Tx tx, long bodyRef) {
        return find(tx, bodyRef)
                .then(upload -> upload.sealed()
                        ? Outcome.done(upload)
                        : Outcome.refused(Refusal.conflict("upload " + bodyRef + " is not sealed: only a sealed upload,"
                                + " whose bytes are fixed, can be a body_ref. Call seal_content(" + bodyRef
                                + ") first")));
    }

    private Outcome<Uploaded> recorded(Tx tx, Upload upload, List<String> overridden) {
        if (!overridden.isEmpty()) {
            store.recordOverride(tx, upload.id(), overridden);
        }
        return Outcome.done(new Uploaded(upload, overridden));
    }

    /**
     * An upload after a piece arrived.
     *
     * @param upload     its state
     * @param overridden the secret rules the caller's override let through in this piece, empty when none
     */
    public record Uploaded(Upload upload, List<String> overridden) {
        /** Copies the list. */
        public Uploaded {
            overridden = List.copyOf(overridden);
        }
    }

    private static Refusal notOwner(Upload upload, String role) {
        return Refusal.forbidden("upload " + upload.id() + " belongs to '" + upload.owner() + "', not '" + role
                + "'; only its owner may append to or seal it. Start an upload of your own");
    }

    private static Refusal tooLarge(long totalBytes) {
        return Refusal.invalid(
                "text",
                "an upload may hold at most " + Upload.MAX_BYTES + " bytes of UTF-8; this would make it " + totalBytes
                        + ". Nothing was appended; split the document into several uploads");
    }
}
