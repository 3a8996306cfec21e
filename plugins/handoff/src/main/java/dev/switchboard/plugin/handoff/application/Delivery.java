package dev.switchboard.plugin.handoff.application;

import java.util.List;
import java.util.Objects;

import dev.switchboard.plugin.handoff.domain.Applied;
import dev.switchboard.plugin.handoff.domain.Cursor;
import dev.switchboard.plugin.handoff.domain.Handoff;
import dev.switchboard.plugin.handoff.domain.Route;

/**
 * What is known about a handoff's delivery: committed (always, once found), whether a given checksum matches, which
 * consumers have handled it and which have not, and where it was routed and applied. Immutable.
 *
 * @param handoff    the handoff
 * @param check      the result of comparing the caller's checksum
 * @param consumedBy consumers whose cursor has passed it
 * @param pendingFor consumers of the project whose cursor has not passed it yet
 * @param routes     its routes
 * @param applied    its applied provenance
 */
public record Delivery(
        Handoff handoff,
        ChecksumCheck check,
        List<Cursor> consumedBy,
        List<Cursor> pendingFor,
        List<Route> routes,
        List<Applied> applied) {

    /** The result of comparing a checksum the caller kept with the stored one. */
    public enum ChecksumCheck {
        /** The caller gave no checksum. */
        NOT_GIVEN,
        /** The checksums are the same: the stored content is what the caller published. */
        MATCH,
        /** The checksums differ: the receipt is not verified. */
        MISMATCH
    }

    /** @throws NullPointerException if a component is null */
    public Delivery {
        Objects.requireNonNull(handoff, "handoff");
        Objects.requireNonNull(check, "check");
        consumedBy = List.copyOf(consumedBy);
        pendingFor = List.copyOf(pendingFor);
        routes = List.copyOf(routes);
        applied = List.copyOf(applied);
    }

    /** What {@link #consumersNote()} says: the consumer lists know only consumers that have a cursor. */
    public static final String CONSUMERS_NOTE = "consumed_by and pending_for list only consumers that have a cursor in"
            + " this project; a consumer that has never advanced one (such as a librarian's first session) has not"
            + " read this handoff either and is in neither list";

    /** @return the caveat of the consumer lists, for a reader who would take two empty lists as "nobody pending" */
    public String consumersNote() {
        return CONSUMERS_NOTE;
    }

    /** @return whether the receipt is verified: committed, and no checksum was given that differs */
    public boolean verified() {
        return check != ChecksumCheck.MISMATCH;
    }
}
