package dev.switchboard.plugin.handoff.domain;

import java.util.HexFormat;
import java.util.List;
import java.util.Objects;

/**
 * A digest of everything a publish call asks to store (project and every field of the draft, defaults applied), used
 * to tell a retry of the same publish from a different publish that reuses an idempotency key. Each part is written
 * with its length, so no two different payloads encode alike. Immutable.
 *
 * @param value 64 lowercase hex digits
 */
public record PayloadFingerprint(String value) {

    /** @throws NullPointerException if {@code value} is null */
    public PayloadFingerprint {
        Objects.requireNonNull(value, "value");
    }

    /**
     * @param project the canonical project
     * @param draft   the draft, defaults applied
     * @return the fingerprint of publishing that draft to that project
     */
    public static PayloadFingerprint of(ProjectKey project, HandoffDraft draft) {
        StringBuilder encoded = new StringBuilder();
        part(encoded, project.value());
        part(encoded, draft.title());
        part(encoded, draft.summary());
        part(encoded, draft.content());
        part(encoded, draft.kind());
        list(encoded, draft.tags());
        part(encoded, draft.source());
        part(encoded, draft.sourceReference() == null ? "\u0000" : draft.sourceReference());
        part(encoded, draft.importance());
        part(encoded, draft.sensitivity());
        list(encoded, draft.suggestedTargets());
        return new PayloadFingerprint(HexFormat.of().formatHex(Checksum.sha256(encoded.toString())));
    }

    private static void list(StringBuilder encoded, List<String> items) {
        encoded.append('[').append(items.size()).append(']');
        items.forEach(item -> part(encoded, item));
    }

    private static void part(StringBuilder encoded, String text) {
        encoded.append(text.length()).append(':').append(text);
    }
}
