package dev.switchboard.plugin.mailbox.board.application;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.board.application.BoardViews.Pin;
import dev.switchboard.plugin.mailbox.board.application.DecisionViews.Ballot;
import dev.switchboard.plugin.mailbox.board.application.DecisionViews.DebtPage;
import dev.switchboard.plugin.mailbox.board.application.DecisionViews.Link;
import dev.switchboard.plugin.mailbox.board.application.DecisionViews.PinPage;
import dev.switchboard.plugin.mailbox.board.application.DecisionViews.PinVersion;
import dev.switchboard.plugin.mailbox.board.application.DecisionViews.ProposalPage;
import dev.switchboard.plugin.mailbox.board.application.DecisionViews.Step;
import dev.switchboard.plugin.mailbox.board.domain.BoardLimits;
import dev.switchboard.plugin.mailbox.channel.application.Projection;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Transactions;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.channel.domain.Message;
import dev.switchboard.plugin.mailbox.decision.application.Acknowledgements;
import dev.switchboard.plugin.mailbox.message.application.MessageHistory;
import dev.switchboard.plugin.mailbox.message.application.Roster;
import dev.switchboard.plugin.mailbox.message.application.port.out.BodyRead;
import dev.switchboard.plugin.mailbox.message.application.port.out.EventLog;
import dev.switchboard.plugin.mailbox.message.application.port.out.MessageStore;
import dev.switchboard.plugin.mailbox.pin.application.ReadPins;
import dev.switchboard.plugin.mailbox.work.application.port.out.WorkStore;
import dev.switchboard.plugin.mailbox.work.domain.BlockerFacts;
import dev.switchboard.plugin.mailbox.work.domain.WorkFacts;
import dev.switchboard.ports.tool.ErrorCode;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.Refusal;

/**
 * Reads the board's decision pages (ADR 66), each in one read transaction, through the services the tools answer
 * with: a message's life as a debt ({@code message_history}'s events, the work facts {@code channel_status} reads,
 * its blockers both ways), a proposal's votes ({@code get_acknowledgements}) with who is still to vote
 * ({@link StillToVote}: the rule {@code awaiting_ack} lists by) and the pin versions it approved ({@code pin_history}),
 * and a pin's versions with their approving proposals and what each changed ({@link PinDiff}). An unknown or deleted
 * channel, message or pin is NOT_FOUND; a message that is not a proposal has no proposal page, and a proposal that is
 * not a debt no debt page (NOT_FOUND with {@link #SEE_OTHER}, the page that shows it). Thread-safe.
 */
@Singleton
public final class DecisionReader {

    /**
     * The detail of a NOT_FOUND refusal that names the page showing the message instead: a debt's page asked for a
     * proposal that is not a debt, or a proposal's page asked for a message that is not a proposal.
     */
    public static final String SEE_OTHER = "see_other";

    /** A body as far as a page shows it. */
    private static final BodyRead SHOWN = BodyRead.prefix(BoardLimits.BODY_SHOWN);

    private final BoardReader board;
    private final Transactions transactions;
    private final MessageStore messages;
    private final WorkStore work;
    private final MessageHistory history;
    private final Acknowledgements acknowledgements;
    private final StillToVote stillToVote;
    private final Roster roster;
    private final ReadPins pins;

    @Inject
    DecisionReader(
            BoardReader board,
            Transactions transactions,
            MessageStore messages,
            WorkStore work,
            MessageHistory history,
            Acknowledgements acknowledgements,
            StillToVote stillToVote,
            Roster roster,
            ReadPins pins) {
        this.board = board;
        this.transactions = transactions;
        this.messages = messages;
        this.work = work;
        this.history = history;
        this.acknowledgements = acknowledgements;
        this.stillToVote = stillToVote;
        this.roster = roster;
        this.pins = pins;
    }

    /**
     * @param channel a channel's name
     * @param id      a live message of it
     * @return the message's life as a debt (or as a work item); NOT_FOUND for an unknown channel or message
     */
    public Outcome<DebtPage> debt(String channel, long id) {
        return board.live(channel).then(channelId -> transactions.read(channelId, tx -> debtPage(tx, channel, id)));
    }

    /**
     * @param channel a channel's name
     * @param id      a live proposal ({@code proc}) of it
     * @return its votes; NOT_FOUND for an unknown channel, message, or a message that is not a proposal
     */
    public Outcome<ProposalPage> proposal(String channel, long id) {
        return board.live(channel).then(channelId -> transactions.read(channelId, tx -> proposalPage(tx, channel, id)));
    }

    /**
     * @param channel a channel's name
     * @param key     a pin key
     * @return its versions, newest first, each with its approving proposal and its changes against the version before;
     *     NOT_FOUND for an unknown channel or a key that was never pinned
     */
    public Outcome<PinPage> pin(String channel, String key) {
        return board.live(channel)
                .then(channelId -> transactions.read(
                        channelId,
                        tx -> pins.history(tx, key, Projection.ALL).then(answer -> {
                            List<Pin> versions = BoardReader.rows(answer.get("result")).stream()
                                    .map(BoardReader::pinOf)
                                    .toList();
                            return versions.isEmpty()
                                    ? Outcome.refused(
                                            Refusal.notFound("no pin '" + key + "' in channel '" + channel + "'"))
                                    : Outcome.done(new PinPage(channel, key, withChanges(tx, versions)));
                        })));
    }

    private Outcome<DebtPage> debtPage(Tx tx, String channel, long id) {
        Optional<Message> found = messages.find(tx, id, SHOWN).filter(m -> !m.isDeleted());
        Optional<WorkFacts> facts = work.find(tx, id);
        if (found.isEmpty() || facts.isEmpty()) {
            return Outcome.refused(Message.notFound(id));
        }
        Message message = found.get();
        if (message.isProposal() && !message.actionRequired()) {
            return Outcome.refused(seeOther(
                    "message " + id + " is a proposal, not a debt: its votes are on its proposal page",
                    "proposal/" + id));
        }
        return history.history(tx, id)
                .then(events -> Outcome.done(new DebtPage(
                        channel,
                        id,
                        message.topic(),
                        message.from(),
                        message.recipientRoles(),
                        message.createdAt(),
                        message.kind(),
                        body(message),
                        message.actionRequired(),
                        message.status(),
                        message.workStatus(),
                        message.resolvedBy(),
                        message.resolvedAt(),
                        message.resolutionNote(),
                        "resolved".equals(message.status())
                                && facts.get().trail().resolutionConfirmed(),
                        message.isProposal(),
                        waitsOn(tx, message.blockedBy()),
                        work.blockedOn(tx, id).stream()
                                .map(DecisionReader::linkOf)
                                .toList(),
                        message.addenda(),
                        steps(events))));
    }

    private List<Link> waitsOn(Tx tx, List<Long> ids) {
        if (ids.isEmpty()) {
            return List.of();
        }
        Map<Long, Message> named = new HashMap<>();
        for (Message m : messages.findAll(tx, ids, BodyRead.NONE)) {
            named.put(m.id(), m);
        }
        List<Link> links = new ArrayList<>();
        for (BlockerFacts blocker : work.blockers(tx, ids)) {
            Message m = named.get(blocker.id());
            String state = !blocker.found() || m == null
                    ? "missing or deleted"
                    : !blocker.actionRequired() ? "not a debt" : blocker.resolved() ? "resolved" : "open";
            links.add(new Link(
                    blocker.id(),
                    m == null ? null : m.topic(),
                    m == null ? null : m.from(),
                    state,
                    m == null ? null : m.workStatus()));
        }
        return links;
    }

    private static Link linkOf(WorkFacts blocked) {
        return new Link(
                blocked.id(),
                blocked.topic(),
                blocked.from(),
                blocked.status() == null ? "not a debt" : blocked.status().wire(),
                blocked.workStatus() == null ? null : blocked.workStatus().wire());
    }

    private Outcome<ProposalPage> proposalPage(Tx tx, String channel, long id) {
        Optional<Message> found = messages.find(tx, id, SHOWN).filter(m -> !m.isDeleted());
        if (found.isEmpty()) {
            return Outcome.refused(Message.notFound(id));
        }
        if (!found.get().isProposal()) {
            return Outcome.refused(seeOther(
                    "message " + id + " is not a proposal (a live message of kind proc): its life is on its own page",
                    "debt/" + id));
        }
        Message proposal = found.get();
        Outcome<Map<String, Object>> tally = acknowledgements.of(tx, id, Projection.ALL);
        if (!(tally instanceof Outcome.Done<Map<String, Object>> done)) {
            return Outcome.refused(Message.notFound(id));
        }
        Map<String, Object> t = done.value();
        List<Ballot> ballots = BoardReader.rows(t.get("acknowledgements")).stream()
                .map(vote -> new Ballot(
                        (String) vote.get("role"),
                        (String) vote.get("decision"),
                        (String) vote.get("note"),
                        (String) vote.get("created_at"),
                        Boolean.TRUE.equals(vote.get("stale"))))
                .toList();
        List<Pin> keyHistory = pinHistory(tx, proposal.pinKey());
        List<String> still = StillToVote.byProposal(
                        stillToVote.byRole(tx, roster.of(tx).roles()))
                .getOrDefault(id, List.of());
        return history.history(tx, id)
                .then(events -> Outcome.done(new ProposalPage(
                        channel,
                        id,
                        proposal.topic(),
                        proposal.from(),
                        proposal.recipientRoles(),
                        proposal.createdAt(),
                        proposal.revisedAt(),
                        body(proposal),
                        proposal.pinKey(),
                        proposal.supersededAt() == null
                                && proposal.decisionRequested()
                                && proposal.aboutMessageId() == null,
                        ((Number) t.get("agreed")).intValue(),
                        ((Number) t.get("needed")).intValue(),
                        strings(t.get("voters")),
                        ballots,
                        still,
                        strings(t.get("declared_dead_by")),
                        !keyHistory.isEmpty(),
                        keyHistory.stream()
                                .filter(pin -> pin.approvedBy() != null && pin.approvedBy() == id)
                                .toList(),
                        proposal.actionRequired(),
                        steps(events))));
    }

    /**
     * A message asked for on the other kind's page: NOT_FOUND here, with {@value #SEE_OTHER} naming the page that shows
     * it, relative to the channel's board ({@code proposal/12}, {@code debt/12}), which the board answers with a
     * redirect.
     */
    private static Refusal seeOther(String message, String page) {
        return new Refusal(ErrorCode.NOT_FOUND, message, Map.of(SEE_OTHER, page));
    }

    /** @return the versions of a pin key, newest first; empty for a null key or one never pinned */
    private List<Pin> pinHistory(Tx tx, String key) {
        if (key == null) {
            return List.of();
        }
        Outcome<Map<String, Object>> versions = pins.history(tx, key, Projection.ALL);
        return versions instanceof Outcome.Done<Map<String, Object>> done
                ? BoardReader.rows(done.value().get("result")).stream()
                        .map(BoardReader::pinOf)
                        .toList()
                : List.of();
    }

    private List<PinVersion> withChanges(Tx tx, List<Pin> newestFirst) {
        List<Long> approvals = newestFirst.stream()
                .map(Pin::approvedBy)
                .filter(id -> id != null)
                .distinct()
                .toList();
        Map<Long, String> topics = new HashMap<>();
        if (!approvals.isEmpty()) {
            for (Message m : messages.findAll(tx, approvals, BodyRead.NONE)) {
                if (!m.isDeleted()) {
                    topics.put(m.id(), m.topic());
                }
            }
        }
        List<PinVersion> versions = new ArrayList<>();
        for (int i = 0; i < newestFirst.size(); i++) {
            Pin pin = newestFirst.get(i);
            Pin older = i + 1 < newestFirst.size() ? newestFirst.get(i + 1) : null;
            versions.add(new PinVersion(
                    pin,
                    pin.approvedBy() == null ? null : topics.get(pin.approvedBy()),
                    older == null ? null : older.version(),
                    older == null ? List.of() : PinDiff.between(text(older.body()), text(pin.body()))));
        }
        return versions;
    }

    private static String text(String body) {
        return body == null ? "" : body;
    }

    private static String body(Message m) {
        long whole = m.isBodyWhole() ? m.body().codePointCount(0, m.body().length()) : m.bodyChars();
        return BoardLimits.shown(m.body(), whole);
    }

    private static List<Step> steps(List<EventLog.Event> events) {
        return events.stream()
                .map(e -> new Step(e.createdAt(), e.role(), e.event(), described(e.event()), e.note()))
                .toList();
    }

    /**
     * @param event a stored event name
     * @return it in words
     */
    static String described(String event) {
        if (event.startsWith("work_status:")) {
            return "work status: " + event.substring("work_status:".length());
        }
        return switch (event) {
            case "resolve" -> "resolved";
            case "reopen" -> "reopened";
            case "resolution_confirmed" -> "confirmed the resolution";
            case "revision" -> "revised";
            case "declared_dead" -> "declared the proposal dead";
            case "deleted" -> "deleted";
            case "superseded_undone" -> "retirement undone";
            case "sensitive_override" -> "sent past the secret check";
            default -> event.replace('_', ' ');
        };
    }

    @SuppressWarnings("unchecked")
    private static List<String> strings(Object value) {
        return value instanceof List<?> list ? (List<String>) list : List.of();
    }
}
