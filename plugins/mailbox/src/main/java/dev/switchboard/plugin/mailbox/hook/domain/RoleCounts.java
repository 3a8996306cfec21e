package dev.switchboard.plugin.mailbox.hook.domain;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.StringJoiner;

/**
 * One role's actionable counters (seed-features §1C.6 ACTIONABLE_COUNTS) at one moment, as {@code /hook-status}
 * sends them and the hooks decide on them. Immutable.
 *
 * @param channel the channel's name
 * @param role    the role
 * @param counts  each actionable counter by its wire name (zeros included), in the original's order
 */
public record RoleCounts(String channel, String role, Map<String, Integer> counts) {

    /** @throws NullPointerException if an argument is null */
    public RoleCounts {
        Objects.requireNonNull(channel, "channel");
        Objects.requireNonNull(role, "role");
        counts = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(counts));
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
