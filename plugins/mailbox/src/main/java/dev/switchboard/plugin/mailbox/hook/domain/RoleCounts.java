package dev.switchboard.plugin.mailbox.hook.domain;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.StringJoiner;

/**
 * One role's actionable counters (seed-features §1C.6 ACTIONABLE_COUNTS) at one moment, as {@code /hook-status}
 * sends them and the hooks decide on them. Immutable.
 *
 * @param channel the channel's name
 * @param role    the role
 * @param counts  each actionable counter by its wire name (zeros included), in the original's order, then other
 *                features' counters of the same session (such as {@code handoffs_pending}, ADR 28)
 * @param hints   for each other feature's counter above zero, a sentence saying how to handle it (for the stop
 *                hook's reason); empty for the mailbox's own counters and in remote mode
 */
public record RoleCounts(String channel, String role, Map<String, Integer> counts, List<String> hints) {

    /** @throws NullPointerException if an argument is null */
    public RoleCounts {
        Objects.requireNonNull(channel, "channel");
        Objects.requireNonNull(role, "role");
        counts = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(counts));
        hints = List.copyOf(hints);
    }

    /**
     * The mailbox's counters alone.
     *
     * @throws NullPointerException if an argument is null
     */
    public RoleCounts(String channel, String role, Map<String, Integer> counts) {
        this(channel, role, counts, List.of());
    }

    /**
     * @param counter another feature's counter, by a wire name none of these counters has
     * @param count   its value, {@code >= 0}
     * @param hint    how to handle it, kept only when {@code count > 0}
     * @return these counts with it after them
     * @throws IllegalArgumentException if the name is taken or the count negative
     */
    public RoleCounts plus(String counter, int count, String hint) {
        if (counts.containsKey(counter)) {
            throw new IllegalArgumentException("the counter " + counter + " is counted twice");
        }
        if (count < 0) {
            throw new IllegalArgumentException("a count must not be negative: " + count);
        }
        Map<String, Integer> more = new LinkedHashMap<>(counts);
        more.put(counter, count);
        List<String> moreHints = new java.util.ArrayList<>(hints);
        if (count > 0) {
            moreHints.add(hint);
        }
        return new RoleCounts(channel, role, more, moreHints);
    }

    /** @return the hints joined by spaces, after a leading space; empty without hints */
    public String hintsText() {
        return hints.isEmpty() ? "" : " " + String.join(" ", hints);
    }

    /** @return whether any counter is above zero */
    public boolean isActionable() {
        return counts.values().stream().anyMatch(count -> count > 0);
    }

    /** @return the non-zero counters as {@code k=v,...} in order, such as {@code unread=1,needs_you=2} */
    public String pendingText() {
        StringJoiner text = new StringJoiner(",");
        counts.forEach((name, count) -> {
            if (count > 0) {
                text.add(name + "=" + count);
            }
        });
        return text.toString();
    }

    /** @return {@code {channel, role, counts}} as sent */
    public Map<String, Object> toWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("channel", channel);
        wire.put("role", role);
        wire.put("counts", counts);
        return wire;
    }
}
