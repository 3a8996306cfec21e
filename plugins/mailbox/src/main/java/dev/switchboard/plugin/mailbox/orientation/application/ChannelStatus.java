package dev.switchboard.plugin.mailbox.orientation.application;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Transactions;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.orientation.application.port.out.StatusStore;
import dev.switchboard.plugin.mailbox.orientation.domain.MailboxRelease;
import dev.switchboard.plugin.mailbox.orientation.domain.TaskEntry;
import dev.switchboard.plugin.mailbox.orientation.domain.WhatsNewEntry;
import dev.switchboard.plugin.mailbox.work.domain.TaskList;
import dev.switchboard.ports.tool.Outcome;

/**
 * {@code channel_status}: a role's bootstrap (seed-features §1C.6). The status is read in one read transaction; only
 * when the role has not seen this build is a second, writing transaction run, which records the build so that
 * {@code server.whats_new} is shown once per role per build. Thread-safe.
 */
@Singleton
public final class ChannelStatus {

    private final Transactions transactions;
    private final StatusReader reader;
    private final StatusStore status;

    @Inject
    ChannelStatus(Transactions transactions, StatusReader reader, StatusStore status) {
        this.transactions = transactions;
        this.reader = reader;
        this.status = status;
    }

    /**
     * @param caller the role asking
     * @return the status as sent
     */
    public Outcome<Map<String, Object>> status(Caller caller) {
        String role = caller.role();
        return transactions
                .read(caller.channelId(), tx -> {
                    Map<String, Object> answer = summary(tx, role, reader.counts(tx, role));
                    String seen = status.seenBuild(tx, role).orElse(null);
                    answer.put("server", server(seen));
                    return Outcome.done(new Shown(answer, MailboxRelease.isNewTo(seen)));
                })
                .then(shown -> shown.newBuild()
                        ? transactions.write(caller.channelId(), tx -> {
                            status.recordSeenBuild(tx, role, MailboxRelease.BUILD);
                            return Outcome.done(shown.answer());
                        })
                        : Outcome.done(shown.answer()));
    }

    /**
     * The channel summary: everything {@code channel_status} answers but {@code server}, read without recording
     * anything (the hosted {@code GET /status} shows it to scripts, which must not use up a role's
     * {@code whats_new}).
     *
     * @param tx     a read transaction of the role's channel
     * @param role   the role
     * @param counts its counters, read in {@code tx} ({@link StatusReader#counts})
     * @return {@code role}, {@code counts}, {@code unread}, {@code open_obligations}, {@code awaiting_ack}, the six
     *     task lists, {@code pins} and {@code last_seen}, in that order; a mutable map the caller may add to
     */
    public Map<String, Object> summary(Tx tx, String role, StatusCounts counts) {
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("role", role);
        answer.put("counts", counts.wire());
        answer.put("unread", counts.unread());
        answer.put("open_obligations", counts.openObligations());
        answer.put("awaiting_ack", counts.awaitingAck());
        for (TaskList list : TaskList.values()) {
            answer.put(
                    list.wire(),
                    counts.lists().of(list).stream().map(TaskEntry::toWire).toList());
        }
        answer.put("pins", status.pins(tx));
        answer.put("last_seen", status.lastSeen(tx));
        return answer;
    }

    /** An answer, and whether it is the role's first on this build. */
    private record Shown(Map<String, Object> answer, boolean newBuild) {}

    private static Map<String, Object> server(String seenBuild) {
        Map<String, Object> server = new LinkedHashMap<>();
        server.put("build", MailboxRelease.BUILD);
        server.put("contract", "get_protocol() returns the full behavioural contract");
        server.put("changes", "server_build() lists everything this build changed");
        if (MailboxRelease.isNewTo(seenBuild)) {
            List<WhatsNewEntry> news = MailboxRelease.newsSince(seenBuild);
            if (!news.isEmpty()) {
                server.put("whats_new", news.stream().map(WhatsNewEntry::toWire).toList());
                server.put(
                        "note",
                        "the first call of this role on build " + MailboxRelease.BUILD + ": these entries change how"
                                + " you call the mailbox. They are shown once; server_build() has them at any time");
            }
        }
        return server;
    }
}
