package dev.switchboard.plugin.mailbox.orientation.domain;

import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.List;

/**
 * What this build of Switchboard's mailbox is and what changed in it, for {@code server_build} and the once-per-build
 * {@code server.whats_new} of {@code channel_status}. The build label is a day plus a counter
 * ({@code yyyy-MM-dd.N}), so "entries since the build a role last saw" is a comparison of days. Add an entry (and
 * bump {@link #BUILD}) with every change that alters how a session calls the mailbox.
 */
public final class MailboxRelease {

    /** The mailbox build this code is. */
    public static final String BUILD = "2026-12-01.1";

    /** Every change worth telling a session, oldest first. */
    public static final List<WhatsNewEntry> WHATS_NEW = List.of(
            new WhatsNewEntry(
                    "2026-12-01",
                    "The mailbox now runs inside Switchboard: the channel tools keep ai-agent-channel's names,"
                            + " parameters and answers, and the channel is rows in Switchboard's one store (SQLite or"
                            + " PostgreSQL) instead of a file of its own.",
                    "Nothing changes in how you call the tools. Set your role with the plugin setting"
                            + " plugins.mailbox.role (AI_AGENT_CHANNEL_ROLE still works); without a role no mailbox"
                            + " tool is listed.",
                    "Nothing changes in how you call the tools. Your role token names your channel and role:"
                            + " every mailbox tool acts as that role, and no argument or setting changes it."),
            new WhatsNewEntry(
                    "2026-12-01",
                    "Writing tools accept an optional request_key: the same key with the same arguments replays the"
                            + " first answer with replayed: true, and with other arguments it is refused.",
                    "When a call timed out on your side, retry it with the same request_key instead of sending"
                            + " again: nothing is delivered twice."),
            new WhatsNewEntry(
                    "2026-12-01",
                    "set_work_status takes blocked_by as one id or a list of ids; a task stays out of ready_work"
                            + " while any of them is live, and resolve_message lists it under unblocked once the last"
                            + " one is resolved or deleted.",
                    "Name every debt a task waits on in one blocked_by list instead of re-blocking it one blocker"
                            + " at a time."),
            new WhatsNewEntry(
                    "2026-12-01",
                    "wait_for_mail and wait_for_reply wake as soon as a change is committed (milliseconds), instead"
                            + " of polling; list_roles and channel_status show when each role was last seen.",
                    "Prefer one wait_for_mail call to a loop of short ones; check last_seen before waiting on a role"
                            + " that has not been around."));

    private MailboxRelease() {}

    /**
     * The entries a role that last saw {@code seenBuild} has not been shown: those dated on or after that build's day.
     * A role that never saw a build, or whose record is not a build label, gets every entry.
     *
     * @param seenBuild the build the role last saw, or null
     * @return the entries, oldest first
     */
    public static List<WhatsNewEntry> newsSince(String seenBuild) {
        if (seenBuild == null) {
            return WHATS_NEW;
        }
        String day = seenBuild.split("\\.", 2)[0];
        try {
            LocalDate.parse(day);
        } catch (DateTimeParseException e) {
            return WHATS_NEW;
        }
        return WHATS_NEW.stream()
                .filter(entry -> entry.since().compareTo(day) >= 0)
                .toList();
    }

    /**
     * @param seenBuild the build the role last saw, or null
     * @return whether this build is new to the role (its whats_new is shown once, then the build is recorded)
     */
    public static boolean isNewTo(String seenBuild) {
        return !BUILD.equals(seenBuild);
    }
}
