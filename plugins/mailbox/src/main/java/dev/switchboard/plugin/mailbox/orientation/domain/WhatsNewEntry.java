package dev.switchboard.plugin.mailbox.orientation.domain;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One change a session should know about: since when, what changed, and what to do differently. Immutable.
 *
 * @param since the day the change arrived, {@code yyyy-MM-dd}
 * @param what  what changed
 * @param act       what a local session (a configured role on stdio) does differently because of it (sent as
 *                  {@code do})
 * @param hostedAct what a hosted channel's role (a role token) does differently, when that differs from {@code act}
 */
public record WhatsNewEntry(String since, String what, String act, String hostedAct) {

    /** @throws NullPointerException if a component is null */
    public WhatsNewEntry {
        Objects.requireNonNull(since, "since");
        Objects.requireNonNull(what, "what");
        Objects.requireNonNull(act, "act");
        Objects.requireNonNull(hostedAct, "hostedAct");
    }

    /** An entry whose advice is the same for local sessions and hosted roles. */
    public WhatsNewEntry(String since, String what, String act) {
        this(since, what, act, act);
    }

    /** @return {@code {since, what, do}}, {@code do} as a local session reads it */
    public Map<String, Object> toWire() {
        return toWire(false);
    }

    /**
     * @param hosted whether the reader is a hosted channel's role
     * @return {@code {since, what, do}}, {@code do} worded for that reader
     */
    public Map<String, Object> toWire(boolean hosted) {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("since", since);
        entry.put("what", what);
        entry.put("do", hosted ? hostedAct : act);
        return entry;
    }
}
