package dev.switchboard.plugin.mailbox.board.domain;

import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Whose court an open debt is in: the participant whose move it is. The {@code channel_status} lists decide it (the
 * author of the last transition, seed-features §1C.4): a debt in some role's {@code needs_you} or
 * {@code awaiting_done} list is in that role's court; otherwise the role that owes it is the one to move.
 */
public final class Court {

    private Court() {}

    /**
     * @param debtId    the open debt
     * @param owedBy    the role it is addressed to
     * @param ballsWith per role, the ids in its {@code needs_you} and {@code awaiting_done} lists
     * @return the role whose move it is
     */
    public static String of(long debtId, String owedBy, Map<String, Set<Long>> ballsWith) {
        Objects.requireNonNull(owedBy, "owedBy");
        for (Map.Entry<String, Set<Long>> role : ballsWith.entrySet()) {
            if (!role.getKey().equals(owedBy) && role.getValue().contains(debtId)) {
                return role.getKey();
            }
        }
        return owedBy;
    }
}
