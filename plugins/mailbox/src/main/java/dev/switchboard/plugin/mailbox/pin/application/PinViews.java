package dev.switchboard.plugin.mailbox.pin.application;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.switchboard.plugin.mailbox.pin.domain.PinVersion;

/** A pin version's wire form and its field names, for every pin tool. Stateless. */
public final class PinViews {

    /** Every field of a version, in order ({@code pin_history}'s {@code fields}). */
    public static final List<String> FIELDS = List.of(
            "key",
            "title",
            "body",
            "version",
            "updated_by",
            "updated_at",
            "approved_by",
            "body_sha256",
            "body_length_bytes",
            "body_length_chars");

    /** The {@code headers} preset: every field but the body. */
    public static final List<String> HEADERS =
            FIELDS.stream().filter(field -> !field.equals("body")).toList();

    private PinViews() {}

    /**
     * @param version  a version
     * @param withBody whether to include the body
     * @return its fields in {@link #FIELDS} order
     */
    public static Map<String, Object> wire(PinVersion version, boolean withBody) {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("key", version.key());
        wire.put("title", version.title());
        if (withBody) {
            wire.put("body", version.body());
        }
        wire.put("version", version.version());
        wire.put("updated_by", version.updatedBy());
        wire.put("updated_at", version.updatedAt());
        wire.put("approved_by", version.approvedBy());
        wire.put("body_sha256", version.digest().sha256());
        wire.put("body_length_bytes", version.digest().bytes());
        wire.put("body_length_chars", version.digest().chars());
        return wire;
    }
}
