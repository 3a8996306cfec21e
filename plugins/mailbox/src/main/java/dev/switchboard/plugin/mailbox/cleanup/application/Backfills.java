package dev.switchboard.plugin.mailbox.cleanup.application;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.Projection;
import dev.switchboard.plugin.mailbox.channel.application.RequestKeys;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Transactions;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.channel.domain.MailboxLimits;
import dev.switchboard.plugin.mailbox.channel.domain.Message;
import dev.switchboard.plugin.mailbox.cleanup.application.port.out.CleanupStore;
import dev.switchboard.plugin.mailbox.cleanup.domain.Apply;
import dev.switchboard.plugin.mailbox.cleanup.domain.Backfill;
import dev.switchboard.plugin.mailbox.cleanup.domain.Candidate;
import dev.switchboard.plugin.mailbox.cleanup.domain.Claim;
import dev.switchboard.plugin.mailbox.cleanup.domain.PinHead;
import dev.switchboard.plugin.mailbox.message.application.Nudges;
import dev.switchboard.plugin.mailbox.message.application.port.out.BodyRead;
import dev.switchboard.plugin.mailbox.message.application.port.out.EventLog;
import dev.switchboard.plugin.mailbox.message.application.port.out.MessageStore;
import dev.switchboard.plugin.mailbox.pin.application.port.out.PinStore;
import dev.switchboard.plugin.mailbox.pin.domain.PinVersion;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.Refusal;
import dev.switchboard.ports.tool.ToolCall;

/**
 * {@code backfill_superseded} and {@code undo_backfill} (seed-features §1C.2, "One-off history cleanup"). The preview,
 * the default, answers exactly what a pass with the same arguments would retire; applying retires exactly the
 * reviewed ids, after every precondition of {@link Backfill#applyProblem} and the key owners' words, with a
 * {@value #EVENT} event carrying the keys; an undo restores only what a cleanup pass retired. Thread-safe.
 */
@Singleton
public final class Backfills {

    /** The event of a retirement by a cleanup pass: only these can be undone. */
    public static final String EVENT = "superseded_backfill";

    /** The event of an undo. */
    public static final String UNDONE = "superseded_undone";

    /** The preview lines' fields. */
    public static final List<String> FIELDS = List.of(
            "id",
            "from",
            "to",
            "topic",
            "created_at",
            "pin_key",
            "settled_by",
            "claimed_by",
            "claim_count",
            "match_kind");

    /** The {@code headers} preset of the preview lines. */
    public static final List<String> HEADERS =
            List.of("id", "from", "to", "topic", "created_at", "claimed_by", "claim_count");

    private static final String PREVIEW_NOTE = "post this list to the channel before applying; then call again with"
            + " dry_run=false and the same arguments plus expect_count. The preview is filtered by exactly what you"
            + " passed (key, ids, include_by_reference), so it is the set your apply would take. 'excluded' counts"
            + " what your arguments left out: rounds of other keys, and rows linked only by a '#N' mention."
            + " 'would_cascade' are nudges that go with them, 'not_candidates' ids matching nothing (a transcription"
            + " error, not a no-op), 'multi_claimed' ids that need every claiming key named in one pass";

    private final Transactions transactions;
    private final RequestKeys requestKeys;
    private final CleanupStore store;
    private final PinStore pins;
    private final MessageStore messages;
    private final EventLog events;
    private final Nudges nudges;

    @Inject
    Backfills(
            Transactions transactions,
            RequestKeys requestKeys,
            CleanupStore store,
            PinStore pins,
            MessageStore messages,
            EventLog events,
            Nudges nudges) {
        this.transactions = transactions;
        this.requestKeys = requestKeys;
        this.store = store;
        this.pins = pins;
        this.messages = messages;
        this.events = events;
        this.nudges = nudges;
    }

    /**
     * @param caller who calls
     * @param ids                the ids to narrow to, or empty
     * @param keys               the pass's keys, or empty
     * @param includeByReference whether {@code #N} reference rows are included
     * @param fields             the lines' projection
     * @return the preview
     */
    public Outcome<Map<String, Object>> preview(
            Caller caller, List<Long> ids, List<String> keys, boolean includeByReference, Projection fields) {
        return transactions.read(caller.channelId(), tx -> {
            List<Candidate> everything = candidates(tx);
            List<Candidate> pass = Backfill.filter(everything, keys, includeByReference);
            List<Candidate> selected = pass;
            List<Long> notCandidates = List.of();
            if (!ids.isEmpty()) {
                Set<Long> wanted = new TreeSet<>(ids);
                selected = pass.stream()
                        .filter(c -> wanted.contains(c.message().id()))
                        .toList();
                Set<Long> found = selected.stream().map(c -> c.message().id()).collect(Collectors.toSet());
                notCandidates =
                        wanted.stream().filter(id -> !found.contains(id)).toList();
            }
            List<Long> cascade = nudges.cascade(
                    tx, selected.stream().map(c -> c.message().id()).toList());
            Map<String, Object> answer = new LinkedHashMap<>();
            answer.put("dry_run", true);
            answer.put("generated_at", tx.now());
            answer.put(
                    "would_retire",
                    selected.stream().map(c -> fields.apply(line(c))).toList());
            answer.put("count", selected.size());
            answer.put(
                    "would_cascade",
                    messages.findAll(tx, cascade, BodyRead.NONE).stream()
                            .map(Backfills::nudge)
                            .toList());
            answer.put("cascade_count", cascade.size());
            answer.put("not_candidates", notCandidates);
            answer.put(
                    "multi_claimed",
                    selected.stream()
                            .filter(c -> c.claimedBy().size() > 1)
                            .map(c -> c.message().id())
                            .toList());
            answer.put("total_candidates", everything.size());
            answer.put("filtered_by_key", keys.isEmpty() ? null : keys);
            Map<String, Object> excluded = new LinkedHashMap<>();
            excluded.put(
                    "other_keys",
                    everything.stream()
                            .filter(c -> c.matchKind() == Candidate.MatchKind.KEY && !pass.contains(c))
                            .count());
            excluded.put(
                    "by_reference",
                    includeByReference
                            ? 0
                            : everything.stream()
                                    .filter(c -> c.matchKind() == Candidate.MatchKind.REFERENCE)
                                    .count());
            answer.put("excluded", excluded);
            answer.put("note", PREVIEW_NOTE);
            return Outcome.done(answer);
        });
    }

    /**
     * @param caller               the caller
     * @param call   the tool call: its request_key makes a retry safe ({@link RequestKeys})
     * @param ids                the reviewed ids
     * @param keys               the pass's keys
     * @param words              per key, the id of the message where its owner gave their word
     * @param expectCount        the count from that word, or null
     * @param snapshotAt         when the preview was taken, or null
     * @param includeByReference whether reference rows may be retired
     * @return {@code {dry_run:false, applied_at, retired, cascaded, count, cascaded_count, keys}}; INVALID_ARGUMENTS
     *         for missing arguments, CONFLICT for a failed precondition (nothing retired)
     */
    public Outcome<Map<String, Object>> apply(
            Caller caller,
            ToolCall call,
            List<Long> ids,
            List<String> keys,
            List<Long> words,
            Long expectCount,
            String snapshotAt,
            boolean includeByReference) {
        return requestKeys.write(caller, call, tx -> {
            String role = caller.role();
            if (ids.isEmpty()) {
                return Outcome.refused(
                        Refusal.invalid(
                                "ids",
                                "is required when dry_run=false: retiring whatever the"
                                        + " query returns without naming it is what this tool exists to prevent; pass the reviewed ids"));
            }
            if (expectCount == null) {
                return Outcome.refused(
                        Refusal.invalid(
                                "expect_count",
                                "is required when dry_run=false: the number of"
                                        + " records the key owner's word says, taken from that message rather than from your list"));
            }
            if (keys.isEmpty() || keys.size() != words.size()) {
                return Outcome.refused(
                        Refusal.invalid(
                                "word_message_id",
                                "pass key and word_message_id together, one"
                                        + " word per key: the key this pass runs over and the message where its owner gave their word"));
            }
            List<Long> distinct = List.copyOf(new TreeSet<>(ids));
            List<Candidate> everything = candidates(tx);
            Apply apply = new Apply(
                    distinct,
                    expectCount,
                    Set.copyOf(keys),
                    everything,
                    Backfill.filter(everything, keys, includeByReference),
                    store.approvals(tx),
                    retired(tx, distinct),
                    snapshotAt);
            Optional<String> problem = Backfill.applyProblem(apply).or(() -> wordProblem(tx, keys, words));
            if (problem.isPresent()) {
                return Refusal.conflict(problem.get()).outcome();
            }
            Map<String, Long> byKey = new TreeMap<>();
            for (int i = 0; i < keys.size(); i++) {
                byKey.put(keys.get(i), words.get(i));
            }
            String stamp = byKey.entrySet().stream()
                    .map(e -> e.getKey() + " (word: #" + e.getValue() + ")")
                    .collect(Collectors.joining(", "));
            List<String> sortedKeys = List.copyOf(byKey.keySet());
            nudges.retire(
                    tx,
                    distinct,
                    role,
                    "backfill of the supersede rule, applied " + tx.now().substring(0, 10) + "; key " + stamp,
                    EVENT,
                    sortedKeys);
            List<Long> cascaded = nudges.cascade(tx, distinct);
            nudges.retire(tx, cascaded, role, "target retired by cleanup; key " + stamp, EVENT, sortedKeys);
            Map<String, Object> answer = new LinkedHashMap<>();
            answer.put("dry_run", false);
            answer.put("applied_at", tx.now());
            answer.put("retired", distinct);
            answer.put("cascaded", cascaded);
            answer.put("count", distinct.size());
            answer.put("cascaded_count", cascaded.size());
            answer.put("keys", sortedKeys);
            return Outcome.done(answer);
        });
    }

    /**
     * @param caller   the caller
     * @param call   the tool call: its request_key makes a retry safe ({@link RequestKeys})
     * @param ids    the messages to restore
     * @param reason at most 4000 characters, or null
     * @return {@code {restored, refused}}; FORBIDDEN or CONFLICT when nothing could be restored
     */
    public Outcome<Map<String, Object>> undo(Caller caller, ToolCall call, List<Long> ids, String reason) {
        return requestKeys.write(caller, call, tx -> {
            String role = caller.role();
            if (ids.isEmpty()) {
                return Refusal.invalid("ids", "is required: the ids a cleanup pass retired")
                        .outcome();
            }
            if (reason != null && reason.codePointCount(0, reason.length()) > MailboxLimits.NOTE_CHARS) {
                return Outcome.refused(
                        Refusal.invalid("reason", "must be at most " + MailboxLimits.NOTE_CHARS + " characters"));
            }
            List<Long> restored = new ArrayList<>();
            List<String> refused = new ArrayList<>();
            List<String> forbidden = new ArrayList<>();
            for (long id : new TreeSet<>(ids)) {
                Optional<Message> message = messages.find(tx, id);
                if (message.isEmpty()) {
                    refused.add(id + " (not found)");
                    continue;
                }
                if (message.get().supersededAt() == null) {
                    refused.add(id + " (not retired)");
                    continue;
                }
                Optional<EventLog.Event> last = lastRetirement(tx, id);
                if (last.isEmpty() || !last.get().event().equals(EVENT)) {
                    refused.add(id + " (retired by the live rule, not by a cleanup)");
                    continue;
                }
                Set<String> owners = last.get().pinKeys().stream()
                        .map(key ->
                                pins.current(tx, key).map(PinVersion::updatedBy).orElse(null))
                        .filter(java.util.Objects::nonNull)
                        .collect(Collectors.toSet());
                if (!role.equals(last.get().role()) && !owners.contains(role)) {
                    forbidden.add(id + " (retired by '" + last.get().role() + "' under key(s) "
                            + last.get().pinKeys() + "; only that role or the key's owner may undo it)");
                    continue;
                }
                store.restore(tx, id);
                events.append(tx, id, UNDONE, role, reason, List.of());
                restored.add(id);
            }
            if (restored.isEmpty()) {
                List<String> all = new ArrayList<>(forbidden);
                all.addAll(refused);
                String text = "nothing was restored: " + String.join("; ", all);
                return (forbidden.isEmpty() ? Refusal.conflict(text) : Refusal.forbidden(text)).outcome();
            }
            List<String> notRestored = new ArrayList<>(refused);
            notRestored.addAll(forbidden);
            Map<String, Object> answer = new LinkedHashMap<>();
            answer.put("restored", restored);
            answer.put("refused", notRestored);
            return Outcome.done(answer);
        });
    }

    private List<Candidate> candidates(Tx tx) {
        List<PinHead> heads = pins.latest(tx).stream()
                .map(v -> new PinHead(v.key(), v.version(), v.updatedAt(), v.updatedBy()))
                .toList();
        return Backfill.candidates(
                store.live(tx), store.dead(tx), heads, store.approvals(tx).keySet());
    }

    private Map<Long, Apply.Retired> retired(Tx tx, List<Long> ids) {
        Map<Long, Apply.Retired> retired = new HashMap<>();
        for (Message message : messages.findAll(tx, ids, BodyRead.NONE)) {
            if (message.supersededAt() != null) {
                String who = lastRetirement(tx, message.id())
                        .map(e -> "retired by " + e.role() + " at " + e.createdAt())
                        .orElse("already retired");
                retired.put(message.id(), new Apply.Retired(message.supersededAt(), who));
            }
        }
        return retired;
    }

    private Optional<EventLog.Event> lastRetirement(Tx tx, long id) {
        List<EventLog.Event> history = events.history(tx, id).stream()
                .filter(e -> e.event().equals(Nudges.SUPERSEDED) || e.event().equals(EVENT))
                .toList();
        return history.isEmpty() ? Optional.empty() : Optional.of(history.getLast());
    }

    private Optional<String> wordProblem(Tx tx, List<String> keys, List<Long> words) {
        for (int i = 0; i < keys.size(); i++) {
            long wordId = words.get(i);
            Optional<Message> word = messages.find(tx, wordId).filter(m -> !m.isDeleted());
            if (word.isEmpty()) {
                return Optional.of("word_message_id " + wordId + " not found. Nothing was retired");
            }
            Optional<String> owner = pins.current(tx, keys.get(i)).map(PinVersion::updatedBy);
            if (owner.isPresent() && !word.get().from().equals(owner.get())) {
                return Optional.of(
                        "message " + wordId + " was sent by '" + word.get().from() + "', but pin '"
                                + keys.get(i) + "' is owned by '" + owner.get() + "' (who set its current version); the"
                                + " word authorising a pass over a key has to come from its owner. Nothing was retired");
            }
        }
        return Optional.empty();
    }

    private static Map<String, Object> line(Candidate candidate) {
        Map<String, Object> line = new LinkedHashMap<>();
        line.put("id", candidate.message().id());
        line.put("from", candidate.message().from());
        List<String> to = candidate.message().to();
        line.put("to", to.size() == 1 ? to.getFirst() : to);
        line.put("topic", candidate.message().topic());
        line.put("created_at", candidate.message().createdAt());
        line.put("pin_key", candidate.message().pinKey());
        line.put("settled_by", candidate.claims().stream().map(Claim::toWire).toList());
        line.put("claimed_by", candidate.claimedBy());
        line.put("claim_count", candidate.claimedBy().size());
        line.put("match_kind", candidate.matchKind().name().toLowerCase(java.util.Locale.ROOT));
        return line;
    }

    private static Map<String, Object> nudge(Message message) {
        Map<String, Object> nudge = new LinkedHashMap<>();
        nudge.put("id", message.id());
        nudge.put("from", message.from());
        nudge.put("to", message.hasSeveralRecipients() ? message.recipientRoles() : message.toRole());
        nudge.put("topic", message.topic());
        nudge.put("about_message_id", message.aboutMessageId());
        return nudge;
    }
}
