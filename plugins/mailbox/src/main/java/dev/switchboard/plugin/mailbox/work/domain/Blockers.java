package dev.switchboard.plugin.mailbox.work.domain;

import java.util.List;

/**
 * The wire shape of {@code blocked_by}: null when a message has no blocker, the id itself when it has one (as the
 * original sends it, so existing clients read it unchanged), and a list of ids, ascending, when it has several.
 */
public final class Blockers {

    private Blockers() {}

    /**
     * @param ids the blocker ids, ascending
     * @return null, a {@link Long}, or an unmodifiable {@code List<Long>}
     */
    public static Object wire(List<Long> ids) {
        return switch (ids.size()) {
            case 0 -> null;
            case 1 -> ids.getFirst();
            default -> List.copyOf(ids);
        };
    }
}
