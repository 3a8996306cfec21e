package dev.switchboard.plugin.mailbox.orientation.domain;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One change a session should know about: since when, what changed, and what to do differently. Immutable.
 *
 * @param since the day the change arrived, {@code yyyy-MM-dd}
 * @param what  what changed
 * @param act   what a session does differently because of it (sent as {@code do})
 */
public record WhatsNewEntry(String since, String what, String act) {

    /** @throws NullPointerException if a component is null */
    public WhatsNewEntry {
        Objects.requireNonNull(since, "since");
        Objects.requireNonNull(what, "what");
        Objects.requireNonNull(act, "act");
    }

    /** @return {@code {since, what, do}} */
    public Map<String, Object> toWire() {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("since", since);
        entry.put("what", what);
        entry.put("do", act);
        return entry;
    }
}
