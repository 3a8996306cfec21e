package dev.switchboard.plugin.mailbox.importer.domain;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import dev.switchboard.plugin.mailbox.channel.domain.Roles;
import dev.switchboard.ports.tool.Refusal;
import dev.switchboard.ports.tool.StorableText;

/**
 * The rows an import writes, made from a {@link SourceChannel}: legacy columns read as the original backfills them
 * ({@link LegacyRows}), times in the mailbox's format ({@link ImportTimes}), and the rows the mailbox cannot hold
 * named. Acknowledgements and events of a message the file
 * does not have (the original's SQLite connections do not enforce foreign keys) are left out and counted in
 * {@link #skipped()}. Immutable.
 *
 * @param messages the messages, their status and deliveries as stored
 * @param acks     the acknowledgements of messages the file has
 * @param events   the events of messages the file has
 * @param pins     every pin version
 * @param uploads  the uploads
 * @param skipped  rows left out, by source table, with why
 */
public record ImportPlan(
        List<SourceMessage> messages,
        List<SourceAck> acks,
        List<SourceEvent> events,
        List<SourcePin> pins,
        List<SourceUpload> uploads,
        Map<String, String> skipped) {

    private static final Set<String> STATUSES = Set.of("open", "resolved");
    private static final Set<String> KINDS = Set.of("bug", "feat", "proc", "status", "question", "answer");
    private static final Set<String> WORK_STATUSES =
            Set.of("proposed", "in_progress", "done_local", "needs_you", "done", "blocked");
    private static final Set<String> DECISIONS = Set.of("agree", "reject", "needs_changes", "void");

    /** Copies the lists. */
    public ImportPlan {
        messages = List.copyOf(messages);
        acks = List.copyOf(acks);
        events = List.copyOf(events);
        pins = List.copyOf(pins);
        uploads = List.copyOf(uploads);
        skipped = Map.copyOf(skipped);
    }

    /**
     * @param source a file's rows
     * @return the plan, or CONFLICT naming the first row whose value the mailbox cannot hold (an id below 1 or
     *         without a successor, a role name the mailbox refuses, text with a NUL or a lone surrogate, a kind,
     *         work status, status or decision outside the original's sets, a time that is no ISO-8601 time). An
     *         overlong topic is kept: it is history, and the mailbox's limits guard new writes
     */
    public static Outcome of(SourceChannel source) {
        Optional<Refusal> unstorable = firstUnstorable(source);
        if (unstorable.isPresent()) {
            return new Outcome(null, unstorable.get());
        }
        Set<String> roles = new TreeSet<>();
        source.messages().forEach(m -> {
            roles.add(m.from());
            roles.add(m.to());
            m.recipients().forEach(d -> roles.add(d.role()));
        });
        ImportTimes times = new ImportTimes();
        List<SourceMessage> messages = new ArrayList<>();
        for (SourceMessage m : source.messages()) {
            String row = "message #" + m.id();
            List<SourceMessage.Delivery> deliveries = LegacyRows.deliveries(m, roles).stream()
                    .map(d -> new SourceMessage.Delivery(
                            d.role(),
                            times.at(d.readAt(), row, "read_at of " + d.role()),
                            times.at(d.openedAt(), row, "opened_at of " + d.role())))
                    .toList();
            messages.add(new SourceMessage(
                    m.id(),
                    m.from(),
                    m.to(),
                    m.topic(),
                    m.body(),
                    m.actionRequired(),
                    m.replyTo(),
                    times.at(m.createdAt(), row, "created_at"),
                    LegacyRows.status(m.actionRequired(), m.status()),
                    m.resolvedBy(),
                    times.at(m.resolvedAt(), row, "resolved_at"),
                    m.resolutionNote(),
                    m.kind(),
                    m.workStatus(),
                    m.blockedBy(),
                    times.at(m.deletedAt(), row, "deleted_at"),
                    m.pinKey(),
                    m.aboutMessageId(),
                    m.voters(),
                    times.at(m.supersededAt(), row, "superseded_at"),
                    m.addenda(),
                    m.decisionRequested(),
                    times.at(m.revisedAt(), row, "revised_at"),
                    m.readAt(),
                    LegacyRows.openedAt(m.readAt(), m.openedAt()),
                    deliveries));
        }
        Set<Long> ids = source.messages().stream().map(SourceMessage::id).collect(Collectors.toSet());
        List<SourceAck> acks = source.acks().stream()
                .filter(a -> ids.contains(a.messageId()))
                .map(a -> new SourceAck(
                        a.messageId(),
                        a.role(),
                        a.decision(),
                        a.note(),
                        times.at(a.createdAt(), "acknowledgement of #" + a.messageId(), "created_at")))
                .toList();
        List<SourceEvent> events = source.events().stream()
                .filter(e -> ids.contains(e.messageId()))
                .map(e -> new SourceEvent(
                        e.messageId(),
                        e.event(),
                        e.role(),
                        e.note(),
                        times.at(e.createdAt(), "event of #" + e.messageId(), "created_at"),
                        e.pinKeys()))
                .toList();
        List<SourcePin> pins = source.pins().stream()
                .map(p -> new SourcePin(
                        p.key(),
                        p.title(),
                        p.body(),
                        p.version(),
                        p.updatedBy(),
                        times.at(p.updatedAt(), "pin " + p.key() + " version " + p.version(), "updated_at"),
                        p.approvedBy(),
                        p.digest()))
                .toList();
        List<SourceUpload> uploads = source.uploads().stream()
                .map(u -> new SourceUpload(
                        u.id(),
                        u.role(),
                        u.label(),
                        u.body(),
                        u.sealed(),
                        u.digest(),
                        times.at(u.createdAt(), "upload " + u.id(), "created_at"),
                        times.at(u.sealedAt(), "upload " + u.id(), "sealed_at")))
                .toList();
        if (times.problem().isPresent()) {
            return new Outcome(null, times.problem().get());
        }
        Map<String, String> skipped = new LinkedHashMap<>();
        orphans("acknowledgements", source.acks().size() - acks.size(), skipped);
        orphans("message_events", source.events().size() - events.size(), skipped);
        return new Outcome(new ImportPlan(messages, acks, events, pins, uploads, skipped), null);
    }

    private static void orphans(String table, int count, Map<String, String> skipped) {
        if (count > 0) {
            skipped.put(table, count + " rows of messages the file does not have");
        }
    }

    private static Optional<Refusal> firstUnstorable(SourceChannel source) {
        for (SourceMessage m : source.messages()) {
            Optional<String> bad = id(m.id())
                    .or(() -> role("from_role", m.from()))
                    .or(() -> Roles.EVERYONE.equals(m.to()) ? Optional.empty() : role("to_role", m.to()))
                    .or(() -> m.recipients().stream()
                            .map(d -> role("message_recipients.to_role", d.role()))
                            .flatMap(Optional::stream)
                            .findFirst())
                    .or(() -> text("topic", m.topic()))
                    .or(() -> text("body", m.body()))
                    .or(() -> text("resolved_by", m.resolvedBy()))
                    .or(() -> text("resolution_note", m.resolutionNote()))
                    .or(() -> text("pin_key", m.pinKey()))
                    .or(() -> text("voters", m.voters()))
                    .or(() -> text("addenda", m.addenda()))
                    .or(() -> outside("status", m.status(), STATUSES))
                    .or(() -> outside("kind", m.kind(), KINDS))
                    .or(() -> outside("work_status", m.workStatus(), WORK_STATUSES));
            if (bad.isPresent()) {
                return Optional.of(unstorable("messages row id " + m.id(), bad.get()));
            }
        }
        for (SourceAck a : source.acks()) {
            Optional<String> bad = outside("decision", a.decision(), DECISIONS)
                    .or(() -> role("role", a.role()))
                    .or(() -> text("note", a.note()));
            if (bad.isPresent()) {
                return Optional.of(unstorable(
                        "acknowledgements row of message_id " + a.messageId() + " by '" + a.role() + "'", bad.get()));
            }
        }
        for (SourceEvent e : source.events()) {
            Optional<String> bad = text("event", e.event())
                    .or(() -> role("role", e.role()))
                    .or(() -> text("note", e.note()))
                    .or(() -> text("pin_keys", e.pinKeys()));
            if (bad.isPresent()) {
                return Optional.of(unstorable("message_events row of message_id " + e.messageId(), bad.get()));
            }
        }
        for (SourcePin p : source.pins()) {
            Optional<String> bad = text("key", p.key())
                    .or(() -> text("title", p.title()))
                    .or(() -> text("body", p.body()))
                    .or(() -> text("version", p.version()))
                    .or(() -> role("updated_by", p.updatedBy()));
            if (bad.isPresent()) {
                return Optional.of(unstorable(
                        "pinned_entries row of key '" + p.key() + "' version '" + p.version() + "'", bad.get()));
            }
        }
        for (SourceUpload u : source.uploads()) {
            Optional<String> bad = id(u.id())
                    .or(() -> role("role", u.role()))
                    .or(() -> text("label", u.label()))
                    .or(() -> text("body", u.body()));
            if (bad.isPresent()) {
                return Optional.of(unstorable("content_blobs row id " + u.id(), bad.get()));
            }
        }
        return Optional.empty();
    }

    /** An id the mailbox can hold and continue after: at least 1, and its successor (the next id) a long too. */
    private static Optional<String> id(long id) {
        return id >= 1 && id < Long.MAX_VALUE
                ? Optional.empty()
                : Optional.of("id " + id + " (allowed: 1 to " + (Long.MAX_VALUE - 1)
                        + ", so that the next id after it can be stored)");
    }

    private static Optional<String> role(String column, String value) {
        return Roles.isName(value)
                ? Optional.empty()
                : Optional.of(column + " '" + value + "', which is not a role name (a letter or digit, then letters,"
                        + " digits, '_', '.' or '-'; at most 64 characters)");
    }

    private static Optional<String> text(String column, String value) {
        return value == null ? Optional.empty() : StorableText.problem(value).map(why -> column + " that " + why);
    }

    private static Optional<String> outside(String column, String value, Set<String> allowed) {
        return value == null || allowed.contains(value)
                ? Optional.empty()
                : Optional.of(column + " '" + value + "' (allowed: " + new TreeSet<>(allowed) + ")");
    }

    private static Refusal unstorable(String row, String what) {
        return Refusal.conflict("the file's " + row + " has " + what + ", which the mailbox cannot hold; nothing"
                + " was imported. Correct that row in a copy of the file and import the copy");
    }

    /**
     * The plan, or why there is none.
     *
     * @param plan    the plan, or null
     * @param problem why not, or null
     */
    public record Outcome(ImportPlan plan, Refusal problem) {}

    /** @return how many rows of each mailbox table the plan writes */
    public ImportCounts counts() {
        return new ImportCounts(
                messages.size(),
                messages.stream().mapToLong(m -> m.recipients().size()).sum(),
                messages.stream().filter(m -> m.blockedBy() != null).count(),
                acks.size(),
                events.size(),
                pins.size(),
                uploads.size());
    }
}
