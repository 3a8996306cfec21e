package dev.switchboard.plugin.mailbox.board.application;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import dev.switchboard.plugin.mailbox.board.domain.BoardLimits;

/**
 * The board pages' contents, as the templates show them. Every text is the stored text (peer-written, untrusted): the
 * templates escape it. Immutable records; lists are copied.
 */
public final class BoardViews {

    private BoardViews() {}

    /**
     * A channel in the owner's index.
     *
     * @param name      the channel
     * @param roles     its roles
     * @param createdAt when it was created
     */
    public record ChannelEntry(String name, List<String> roles, String createdAt) {
        /** Copies the roles. */
        public ChannelEntry {
            roles = List.copyOf(roles);
        }
    }

    /**
     * Another feature's state in the owner's index (a section of a {@code ports.summary.StateSummary}, such as
     * handoff's projects or the workspace's commands): cells of text, moments and owner actions.
     *
     * @param title       the section's heading
     * @param columns     the column headings
     * @param rows        the rows, each as wide as the columns
     * @param moreText    {@code and 3 more projects} when items were left out, else empty
     * @param unavailable why the section could not be read, else empty
     */
    public record FeatureSection(
            String title,
            List<String> columns,
            List<List<dev.switchboard.ports.summary.BoardCell>> rows,
            String moreText,
            String unavailable) {
        /** Copies the lists. */
        public FeatureSection {
            columns = List.copyOf(columns);
            rows = rows.stream().map(List::copyOf).toList();
        }
    }

    /**
     * One open debt, or one resolved and waiting for confirmation.
     *
     * @param id         the message id
     * @param topic      its topic
     * @param from       who asked (the author)
     * @param owedBy     who owes it (the addressee)
     * @param workStatus its work status, or null
     * @param court      whose move it is: the role that must act next
     * @param ageDays    days since it was sent (open debts), or null
     * @param resolvedBy who resolved it (waiting for confirmation), or null
     */
    public record Debt(
            long id,
            String topic,
            String from,
            String owedBy,
            String workStatus,
            String court,
            Number ageDays,
            String resolvedBy) {}

    /**
     * One role's card on the channel page. Every count is the size of the rows it names, or, where a list is cut at
     * {@link BoardLimits#CARD_ENTRIES}, the whole count, with the cut said (ADR 66).
     *
     * @param role        the role
     * @param lastSeen    its last mailbox call, or null (never)
     * @param unread      messages to it not marked read ({@code channel_status}'s {@code unread})
     * @param awaiting    proposals awaiting its decision ({@code channel_status}'s {@code awaiting_ack})
     * @param awaitingIds those proposals, ascending: the same query ({@code awaiting_ack}'s)
     * @param owes        the open debts addressed to it, newest first, at most {@link BoardLimits#CARD_ENTRIES}
     * @param owesTotal   how many open debts are addressed to it in all ({@code channel_status}'s
     *                    {@code open_obligations}; more than {@code owes} holds when cut)
     * @param inCourt     the newest open debts of the channel whose move is this role's, newest first, at most
     *                    {@link BoardLimits#CARD_ENTRIES}
     * @param inCourtTotal how many open debts of the channel are in its court in all (more than {@code inCourt}
     *                    holds when the lists are cut)
     */
    public record RoleCard(
            String role,
            String lastSeen,
            int unread,
            int awaiting,
            List<Long> awaitingIds,
            List<Debt> owes,
            int owesTotal,
            List<Debt> inCourt,
            int inCourtTotal) {
        /** Copies the lists. */
        public RoleCard {
            awaitingIds = List.copyOf(awaitingIds);
            owes = List.copyOf(owes);
            inCourt = List.copyOf(inCourt);
        }
    }

    /**
     * An open proposal ({@code proc}) awaiting decisions.
     *
     * @param id          the message id
     * @param from        its author
     * @param topic       its topic
     * @param pinKey      the pin key it is for, or null
     * @param agreed      electorate members with a fresh agree
     * @param needed      the electorate's size
     * @param decisions   every fresh decision, role to decision, by role
     * @param stillToVote the roles whose decision it awaits ({@link StillToVote}: {@code awaiting_ack}'s rule)
     */
    public record Proposal(
            long id,
            String from,
            String topic,
            String pinKey,
            int agreed,
            int needed,
            Map<String, String> decisions,
            List<String> stillToVote) {
        /** Copies the collections, keeping the decisions sorted by role. */
        public Proposal {
            decisions = Collections.unmodifiableMap(new TreeMap<>(decisions));
            stillToVote = List.copyOf(stillToVote);
        }

        /** @return the decisions as {@code role: decision} texts, by role */
        public List<String> votes() {
            return decisions.entrySet().stream()
                    .map(e -> e.getKey() + ": " + e.getValue())
                    .toList();
        }
    }

    /**
     * A pin's version.
     *
     * @param key        the pin key
     * @param title      its title
     * @param body       its text, or null in a listing
     * @param version    the version's label, as its author set it
     * @param updatedBy  who set it
     * @param updatedAt  when
     * @param approvedBy the proposal that approved this version, or null
     */
    public record Pin(
            String key,
            String title,
            String body,
            String version,
            String updatedBy,
            String updatedAt,
            Long approvedBy) {

        /** @return the key URL-encoded for the {@code ?key=} of the pin page's link (any key, {@code /} included) */
        public String keyQuery() {
            return URLEncoder.encode(key, StandardCharsets.UTF_8);
        }
    }

    /**
     * A message as the feed and the thread show it.
     *
     * @param id         its id
     * @param from       its author
     * @param to         its recipients, comma-separated ({@code *} for everyone)
     * @param topic      its topic
     * @param body       its body (empty for a deleted one)
     * @param createdAt  when it was sent
     * @param kind       its kind, or null
     * @param status     its debt status, or null
     * @param workStatus its work status, or null
     * @param replyTo    the message it answers, or null
     * @param deleted    whether it is a tombstone
     */
    public record Line(
            long id,
            String from,
            String to,
            String topic,
            String body,
            String createdAt,
            String kind,
            String status,
            String workStatus,
            Long replyTo,
            boolean deleted) {}

    /**
     * The channel page.
     *
     * @param channel     the channel
     * @param roles       one card per role of the roster
     * @param toConfirm   debts resolved and waiting for their author's confirmation (court: who must confirm)
     * @param proposals   open proposals with their tally
     * @param pins        the latest version of every pin
     * @param generatedAt when this was read
     */
    public record ChannelPage(
            String channel,
            List<RoleCard> roles,
            List<Debt> toConfirm,
            List<Proposal> proposals,
            List<Pin> pins,
            String generatedAt) {
        /** Copies the lists. */
        public ChannelPage {
            roles = List.copyOf(roles);
            toConfirm = List.copyOf(toConfirm);
            proposals = List.copyOf(proposals);
            pins = List.copyOf(pins);
        }
    }

    /**
     * The feed, a thread, or a pin's history.
     *
     * @param channel the channel
     * @param title   what the page shows
     * @param lines   the messages (chronological in a thread, newest first in the feed)
     * @param more    whether older messages were left out
     */
    public record MessagesPage(String channel, String title, List<Line> lines, boolean more) {
        /** Copies the list. */
        public MessagesPage {
            lines = List.copyOf(lines);
        }
    }
}
