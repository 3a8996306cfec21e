package dev.switchboard.plugin.mailbox.board.application;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.board.application.BoardViews.ChannelEntry;
import dev.switchboard.plugin.mailbox.board.application.BoardViews.ChannelPage;
import dev.switchboard.plugin.mailbox.board.application.BoardViews.Debt;
import dev.switchboard.plugin.mailbox.board.application.BoardViews.Line;
import dev.switchboard.plugin.mailbox.board.application.BoardViews.MessagesPage;
import dev.switchboard.plugin.mailbox.board.application.BoardViews.Pin;
import dev.switchboard.plugin.mailbox.board.application.BoardViews.Proposal;
import dev.switchboard.plugin.mailbox.board.application.BoardViews.RoleCard;
import dev.switchboard.plugin.mailbox.board.domain.BoardLimits;
import dev.switchboard.plugin.mailbox.board.domain.Court;
import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.Projection;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Transactions;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.channel.domain.Message;
import dev.switchboard.plugin.mailbox.decision.application.Rounds;
import dev.switchboard.plugin.mailbox.decision.domain.Tally;
import dev.switchboard.plugin.mailbox.hosted.application.port.out.HostedChannel;
import dev.switchboard.plugin.mailbox.hosted.application.port.out.Registry;
import dev.switchboard.plugin.mailbox.message.application.GetThread;
import dev.switchboard.plugin.mailbox.message.application.ListMessages;
import dev.switchboard.plugin.mailbox.message.application.MessagePage;
import dev.switchboard.plugin.mailbox.message.application.Roster;
import dev.switchboard.plugin.mailbox.message.application.port.out.BodyRead;
import dev.switchboard.plugin.mailbox.message.application.port.out.MessageStore;
import dev.switchboard.plugin.mailbox.orientation.application.StatusCounts;
import dev.switchboard.plugin.mailbox.orientation.application.StatusReader;
import dev.switchboard.plugin.mailbox.orientation.application.port.out.StatusStore;
import dev.switchboard.plugin.mailbox.orientation.domain.TaskEntry;
import dev.switchboard.plugin.mailbox.pin.application.ReadPins;
import dev.switchboard.plugin.mailbox.work.application.ListDebts;
import dev.switchboard.plugin.mailbox.work.application.port.out.WorkStore;
import dev.switchboard.plugin.mailbox.work.domain.DebtClaim;
import dev.switchboard.plugin.mailbox.work.domain.TaskList;
import dev.switchboard.plugin.mailbox.work.domain.WorkFacts;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.Refusal;

/**
 * Reads what the board shows, through the mailbox's own application services and in one read transaction per page
 * (nothing is written, not even the {@code channel_status} build notice): per role what it owes and whose court each
 * debt is in ({@code channel_status}'s task lists and {@code open_obligations}), the debts resolved and waiting for
 * confirmation ({@code resolved_for_you}), open proposals with their tally and missing votes ({@code list_messages}
 * of kind {@code proc} and the tally every listed proposal carries), the pins ({@code pin_list}, {@code pin_history}), presence
 * ({@code last_seen}), the feed and a thread ({@code get_thread}). A channel that does not exist or was deleted is
 * NOT_FOUND. Thread-safe.
 */
@Singleton
public final class BoardReader {

    /** The role name the board reads as where a service asks for one; it selects nothing (no unread filter). */
    private static final String READER = "board";

    /** A message's body as far as a page shows it: the rest stays in the database. */
    private static final BodyRead SHOWN = BodyRead.prefix(BoardLimits.BODY_SHOWN);

    /** What a debt of a role card shows: no body, so its messages are read without bodies. */
    private static final Projection DEBT_FIELDS =
            Projection.of(List.of("id", "topic", "from", "work_status", "age_days"));

    private final Registry registry;
    private final Transactions transactions;
    private final Roster roster;
    private final StatusReader status;
    private final StatusStore presence;
    private final ListDebts debts;
    private final ListMessages messages;
    private final Rounds rounds;
    private final WorkStore work;
    private final ReadPins pins;
    private final GetThread threads;
    private final StillToVote stillToVote;
    private final MessageStore messageStore;

    @Inject
    BoardReader(
            Registry registry,
            Transactions transactions,
            Roster roster,
            StatusReader status,
            StatusStore presence,
            ListDebts debts,
            ListMessages messages,
            Rounds rounds,
            WorkStore work,
            ReadPins pins,
            GetThread threads,
            StillToVote stillToVote,
            MessageStore messageStore) {
        this.registry = registry;
        this.transactions = transactions;
        this.roster = roster;
        this.status = status;
        this.presence = presence;
        this.debts = debts;
        this.messages = messages;
        this.rounds = rounds;
        this.work = work;
        this.pins = pins;
        this.threads = threads;
        this.stillToVote = stillToVote;
        this.messageStore = messageStore;
    }

    /** @return the hosted channels that are not deleted, by name: the owner's index */
    public List<ChannelEntry> index() {
        Outcome<List<HostedChannel>> channels = registry.read(tx -> Outcome.done(tx.activeHostedChannels()));
        return channels instanceof Outcome.Done<List<HostedChannel>> done
                ? done.value().stream()
                        .map(c -> new ChannelEntry(c.name(), c.roles(), c.createdAt()))
                        .toList()
                : List.of();
    }

    /**
     * @param channel a channel's name
     * @return its page; NOT_FOUND for an unknown or deleted channel
     */
    public Outcome<ChannelPage> channel(String channel) {
        return live(channel).then(id -> transactions.read(id, tx -> Outcome.done(channelPage(tx, id, channel))));
    }

    /**
     * @param channel a channel's name
     * @return its latest {@link BoardLimits#FEED_MESSAGES} messages, newest first; NOT_FOUND as {@link #channel}
     */
    public Outcome<MessagesPage> feed(String channel) {
        return live(channel)
                .then(id -> transactions.read(
                        id,
                        tx -> messages.list(
                                        tx,
                                        new Caller(id, channel, READER, true),
                                        everything(null),
                                        BoardLimits.FEED_MESSAGES,
                                        SHOWN)
                                .then(page -> Outcome.done(
                                        new MessagesPage(channel, "feed", lines(page.messages()), page.more())))));
    }

    /**
     * @param channel   a channel's name
     * @param messageId a live message of it
     * @return its whole thread, chronologically; NOT_FOUND for an unknown channel or message
     */
    public Outcome<MessagesPage> thread(String channel, long messageId) {
        return live(channel)
                .then(id -> transactions.read(
                        id,
                        tx -> threads.thread(tx, messageId, SHOWN)
                                .then(thread -> Outcome.done(
                                        new MessagesPage(channel, "thread of #" + messageId, lines(thread), false)))));
    }

    /**
     * @param channel a channel's name
     * @return its id; NOT_FOUND for an unknown or deleted channel
     */
    /**
     * @param channel a channel's name
     * @return the change-signal topic its writes publish, for the live board; NOT_FOUND as {@link #channel}
     */
    public Outcome<String> topic(String channel) {
        return live(channel).then(id -> Outcome.done(Transactions.signalTopic(id)));
    }

    Outcome<Long> live(String channel) {
        return registry.read(tx -> {
            Optional<HostedChannel> found = tx.channel(channel).filter(c -> c.deletedAt() == null);
            return found.isPresent()
                    ? Outcome.done(found.get().id())
                    : Refusal.notFound("no channel '" + channel + "'").outcome();
        });
    }

    private ChannelPage channelPage(Tx tx, long channelId, String channel) {
        List<String> roles = roster.of(tx).roles();
        Map<String, String> lastSeen = presence.lastSeen(tx);
        // The proposals awaiting each role's decision, read once: its awaiting_ack counter and who is still to vote.
        Map<String, List<Long>> awaiting = stillToVote.byRole(tx, roles);
        // Every role's counters in one pass, by the queries channel_status counts one role with.
        Map<String, StatusCounts> counts = status.counts(tx, roles, awaiting);
        Map<String, Set<Long>> ballsWith = new LinkedHashMap<>();
        for (String role : roles) {
            Set<Long> ball = new HashSet<>(counts.get(role).lists().ids(TaskList.NEEDS_YOU));
            ball.addAll(counts.get(role).lists().ids(TaskList.AWAITING_DONE));
            ballsWith.put(role, ball);
        }
        Map<String, List<Debt>> owed = new LinkedHashMap<>();
        Map<Owed, Debt> listed = new HashMap<>();
        for (String role : roles) {
            Outcome<Map<String, Object>> open =
                    debts.openObligations(tx, READER, role, BoardLimits.CARD_ENTRIES, DEBT_FIELDS);
            List<Debt> list = new ArrayList<>();
            for (Map<String, Object> row : rows(
                    open instanceof Outcome.Done<Map<String, Object>> d
                            ? d.value().get("result")
                            : null)) {
                long id = ((Number) row.get("id")).longValue();
                Debt debt = new Debt(
                        id,
                        (String) row.get("topic"),
                        (String) row.get("from"),
                        role,
                        (String) row.get("work_status"),
                        Court.of(id, role, ballsWith),
                        (Number) row.get("age_days"),
                        null);
                list.add(debt);
                listed.put(new Owed(id, role), debt);
            }
            owed.put(role, list);
        }
        // Every open debt's court, from the narrow claims (ids only); each court shows its newest debts.
        Map<String, List<Owed>> courts = new LinkedHashMap<>();
        roles.forEach(role -> courts.put(role, new ArrayList<>()));
        for (String role : roles) {
            for (DebtClaim claim : work.openDebtClaimsTo(tx, role)) {
                courts.computeIfAbsent(Court.of(claim.id(), role, ballsWith), r -> new ArrayList<>())
                        .add(new Owed(claim.id(), role));
            }
        }
        // A debt in another role's court is on that role's needs_you or awaiting_done list: its facts are read.
        Map<Long, WorkFacts> inBalls = new HashMap<>();
        counts.values().forEach(each -> {
            for (TaskList list : List.of(TaskList.NEEDS_YOU, TaskList.AWAITING_DONE)) {
                each.lists().of(list).forEach(entry -> inBalls.put(entry.task().id(), entry.task()));
            }
        });
        Map<String, List<Debt>> inCourt = inCourt(tx, courts, listed, inBalls);
        List<RoleCard> cards = new ArrayList<>();
        List<Debt> toConfirm = new ArrayList<>();
        for (String role : roles) {
            StatusCounts each = counts.get(role);
            cards.add(new RoleCard(
                    role,
                    lastSeen.get(role),
                    each.unread(),
                    each.awaitingAck(),
                    awaiting.get(role),
                    owed.get(role),
                    each.openObligations(),
                    inCourt.getOrDefault(role, List.of()),
                    courts.getOrDefault(role, List.of()).size()));
            for (TaskEntry entry : each.lists().of(TaskList.RESOLVED_FOR_YOU)) {
                toConfirm.add(new Debt(
                        entry.task().id(),
                        entry.task().topic(),
                        entry.task().from(),
                        null,
                        entry.task().workStatus() == null
                                ? null
                                : entry.task().workStatus().wire(),
                        role,
                        null,
                        entry.task().resolvedBy()));
            }
        }
        Map<Long, List<String>> still = StillToVote.byProposal(awaiting);
        return new ChannelPage(
                channel, cards, toConfirm, proposals(tx, channelId, channel, still), latestPins(tx), tx.now());
    }

    /** An open debt as one role owes it (a debt to several roles is owed by each). */
    private record Owed(long id, String role) {}

    /**
     * @param courts per court, the open debts in it
     * @param listed  the debts the role cards list
     * @param inBalls the facts of the debts on a needs_you or awaiting_done list; the others shown are read here,
     *                without bodies
     * @return per court, its {@link BoardLimits#CARD_ENTRIES} newest debts, newest first
     */
    private Map<String, List<Debt>> inCourt(
            Tx tx, Map<String, List<Owed>> courts, Map<Owed, Debt> listed, Map<Long, WorkFacts> inBalls) {
        Map<String, List<Owed>> newest = new LinkedHashMap<>();
        Set<Long> unlisted = new HashSet<>();
        courts.forEach((court, owed) -> {
            List<Owed> head = owed.stream()
                    .sorted(Comparator.comparingLong(Owed::id).reversed())
                    .limit(BoardLimits.CARD_ENTRIES)
                    .toList();
            newest.put(court, head);
            head.stream()
                    .filter(o -> !listed.containsKey(o) && !inBalls.containsKey(o.id()))
                    .forEach(o -> unlisted.add(o.id()));
        });
        Map<Long, Message> read = new HashMap<>();
        if (!unlisted.isEmpty()) {
            messageStore.findAll(tx, unlisted, BodyRead.NONE).forEach(m -> read.put(m.id(), m));
        }
        Map<String, List<Debt>> inCourt = new LinkedHashMap<>();
        newest.forEach((court, head) -> {
            List<Debt> shown = new ArrayList<>();
            for (Owed owed : head) {
                Debt debt = listed.get(owed);
                WorkFacts facts = inBalls.get(owed.id());
                Message m = read.get(owed.id());
                if (debt == null && facts != null) {
                    debt = new Debt(
                            facts.id(),
                            facts.topic(),
                            facts.from(),
                            owed.role(),
                            facts.workStatus() == null
                                    ? null
                                    : facts.workStatus().wire(),
                            court,
                            null,
                            null);
                } else if (debt == null && m != null) {
                    debt = new Debt(m.id(), m.topic(), m.from(), owed.role(), m.workStatus(), court, null, null);
                }
                if (debt != null) {
                    shown.add(debt);
                }
            }
            inCourt.put(court, shown);
        });
        return inCourt;
    }

    private List<Proposal> proposals(Tx tx, long channelId, String channel, Map<Long, List<String>> still) {
        Outcome<MessagePage> page = messages.list(
                tx,
                new Caller(channelId, channel, READER, true),
                everything("proc"),
                BoardLimits.LIST_ENTRIES,
                BodyRead.NONE);
        if (!(page instanceof Outcome.Done<MessagePage> done)) {
            return List.of();
        }
        List<Proposal> open = new ArrayList<>();
        for (Message proc : done.value().messages()) {
            if (proc.supersededAt() != null || !proc.decisionRequested() || proc.aboutMessageId() != null) {
                continue;
            }
            Tally tally = rounds.tally(tx, proc);
            open.add(new Proposal(
                    proc.id(),
                    proc.from(),
                    proc.topic(),
                    proc.pinKey(),
                    tally.agreed(),
                    tally.needed(),
                    tally.decisions(),
                    still.getOrDefault(proc.id(), List.of())));
        }
        return open;
    }

    private List<Pin> latestPins(Tx tx) {
        Outcome<Map<String, Object>> listed = pins.list(tx);
        return listed instanceof Outcome.Done<Map<String, Object>> done
                ? rows(done.value().get("result")).stream()
                        .map(BoardReader::pinOf)
                        .toList()
                : List.of();
    }

    private static ListMessages.Request everything(String kind) {
        return new ListMessages.Request(null, null, null, null, false, null, null, kind, null, null);
    }

    private static List<Line> lines(List<Message> messages) {
        return messages.stream().map(BoardReader::lineOf).toList();
    }

    private static Line lineOf(Message m) {
        String to = m.hasSeveralRecipients() ? String.join(", ", m.recipientRoles()) : m.toRole();
        return new Line(
                m.id(),
                m.from(),
                to,
                m.topic(),
                m.isDeleted() ? "" : BoardLimits.shown(m.body(), wholeChars(m)),
                m.createdAt(),
                m.kind(),
                m.status(),
                m.workStatus(),
                m.replyTo(),
                m.isDeleted());
    }

    private static long wholeChars(Message m) {
        return m.isBodyWhole() ? m.body().codePointCount(0, m.body().length()) : m.bodyChars();
    }

    static Pin pinOf(Map<String, Object> row) {
        return new Pin(
                (String) row.get("key"),
                (String) row.get("title"),
                row.get("body") instanceof String body ? BoardLimits.shown(body) : null,
                (String) row.get("version"),
                (String) row.get("updated_by"),
                (String) row.get("updated_at"),
                row.get("approved_by") instanceof Number id ? id.longValue() : null);
    }

    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> rows(Object result) {
        return result instanceof List<?> list ? (List<Map<String, Object>>) list : List.of();
    }
}
