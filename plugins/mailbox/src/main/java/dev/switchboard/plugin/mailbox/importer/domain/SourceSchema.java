package dev.switchboard.plugin.mailbox.importer.domain;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import dev.switchboard.ports.tool.Refusal;

/**
 * The ai-agent-channel channel schema this import understands (its {@code db/schema.py} and {@code migrations.py}
 * as of package 0.2.0), and the verdict on a file's {@link SourceShape}. Stateless.
 *
 * <p>Versions, as the original reads {@code PRAGMA user_version}: 0, or {@value #LEGACY_STAMP_FLOOR} and above (a
 * crc32 stamp of early releases), is a file from before the numbered steps: every column added since may be missing
 * (behaviour 145: such a file has no {@code status}, and its {@code action_required} rows are open debts); 1 lacks
 * {@code message_events.pin_keys}; {@value #CURRENT_VERSION} is current. Anything between is a newer build's: it is
 * read as it is when every column of the imported tables is one this import knows, and refused otherwise, naming the
 * version and the columns, because importing it would drop what those columns hold.
 *
 * <p>A column this import does not know is refused at every version, for the same reason; a table it does not know
 * is ignored unless the file is from a newer build (the original keeps nothing but its search index and
 * {@code channel_meta} bookkeeping besides the tables below).
 */
public final class SourceSchema {

    /** The original's newest schema step: {@code message_events.pin_keys}. */
    public static final long CURRENT_VERSION = 2;

    /** From this value on, a {@code user_version} is a legacy crc32 stamp, not a step number. */
    public static final long LEGACY_STAMP_FLOOR = 10_000;

    /** The columns a {@code messages} table must have for the file to be a channel database at all. */
    static final List<String> REQUIRED_MESSAGE_COLUMNS = List.of("id", "from_role", "to_role", "topic", "body");

    /** Every column of every table the import reads, as the original's current schema declares them. */
    static final Map<String, List<String>> KNOWN = known();

    /** Tables the original keeps that hold nothing to import (bookkeeping and the search index). */
    private static final Set<String> BOOKKEEPING = Set.of("channel_meta", "sqlite_sequence", "sqlite_stat1");

    private SourceSchema() {}

    private static Map<String, List<String>> known() {
        Map<String, List<String>> tables = new LinkedHashMap<>();
        tables.put(
                "messages",
                List.of(
                        "id",
                        "from_role",
                        "to_role",
                        "topic",
                        "body",
                        "action_required",
                        "reply_to",
                        "created_at",
                        "read_at",
                        "status",
                        "resolved_by",
                        "resolved_at",
                        "resolution_note",
                        "kind",
                        "work_status",
                        "blocked_by",
                        "deleted_at",
                        "pin_key",
                        "about_message_id",
                        "voters",
                        "superseded_at",
                        "opened_at",
                        "addenda",
                        "decision_requested",
                        "revised_at"));
        tables.put("message_recipients", List.of("message_id", "to_role", "read_at", "opened_at"));
        tables.put("acknowledgements", List.of("id", "message_id", "role", "decision", "note", "created_at"));
        tables.put("message_events", List.of("id", "message_id", "event", "role", "note", "created_at", "pin_keys"));
        tables.put(
                "pinned_entries",
                List.of(
                        "id",
                        "key",
                        "title",
                        "body",
                        "version",
                        "updated_by",
                        "updated_at",
                        "approved_by",
                        "body_sha256",
                        "body_length_bytes",
                        "body_length_chars"));
        tables.put(
                "content_blobs",
                List.of(
                        "id",
                        "role",
                        "label",
                        "body",
                        "sealed",
                        "sha256",
                        "length_bytes",
                        "length_chars",
                        "created_at",
                        "sealed_at"));
        return java.util.Collections.unmodifiableMap(tables);
    }

    /** @return the tables the import reads, in the order their rows are written */
    public static List<String> tables() {
        return List.copyOf(KNOWN.keySet());
    }

    /**
     * @param table one of {@link #tables()}
     * @return its columns as the original's current schema declares them
     */
    public static List<String> columns(String table) {
        return KNOWN.getOrDefault(table, List.of());
    }

    /**
     * @param version a {@code user_version}
     * @return whether a build newer than the original's 0.2.0 wrote it
     */
    public static boolean isNewer(long version) {
        return version > CURRENT_VERSION && version < LEGACY_STAMP_FLOOR;
    }

    /**
     * @param shape a file's shape
     * @return empty when the file is a channel database this import can read whole; else why not:
     *         INVALID_ARGUMENTS when it is not a channel database at all (no {@code messages} table with
     *         {@link #REQUIRED_MESSAGE_COLUMNS}), CONFLICT when it holds columns (or, from a newer
     *         build, tables) this import does not know, naming the version
     */
    public static Optional<Refusal> verdict(SourceShape shape) {
        if (!REQUIRED_MESSAGE_COLUMNS.stream().allMatch(column -> shape.has("messages", column))) {
            return Optional.of(Refusal.invalid(
                    "not an ai-agent-channel channel database: it has no messages table with the columns "
                            + REQUIRED_MESSAGE_COLUMNS));
        }
        List<String> unknown = new ArrayList<>();
        shape.tables().forEach((table, columns) -> {
            if (KNOWN.containsKey(table)) {
                columns.stream()
                        .filter(column -> !KNOWN.get(table).contains(column))
                        .forEach(column -> unknown.add(table + "." + column));
            } else if (isNewer(shape.userVersion()) && !isBookkeeping(table)) {
                unknown.add(table);
            }
        });
        if (unknown.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(Refusal.conflict("the file (user_version " + shape.userVersion() + ", "
                + (isNewer(shape.userVersion())
                        ? "written by a newer ai-agent-channel than 0.2.0, whose schema step is " + CURRENT_VERSION
                        : "ai-agent-channel's schema step " + CURRENT_VERSION + " or older")
                + ") holds " + unknown + ", which this import does not know and would drop; nothing was imported."
                + " Import it with a Switchboard that knows that version, or export those rows first"));
    }

    private static boolean isBookkeeping(String table) {
        return BOOKKEEPING.contains(table) || table.startsWith("messages_fts");
    }
}
