package dev.switchboard.plugin.handoff.application;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import jakarta.inject.Inject;

import dev.switchboard.plugin.handoff.application.port.out.LoadAppliedPort;
import dev.switchboard.plugin.handoff.application.port.out.LoadCursorsPort;
import dev.switchboard.plugin.handoff.application.port.out.LoadHandoffPort;
import dev.switchboard.plugin.handoff.application.port.out.LoadRoutesPort;
import dev.switchboard.plugin.handoff.domain.Checksum;
import dev.switchboard.plugin.handoff.domain.Cursor;
import dev.switchboard.plugin.handoff.domain.Handoff;
import dev.switchboard.plugin.handoff.domain.HandoffId;
import dev.switchboard.plugin.handoff.domain.Project;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.Refusal;

/**
 * Verifies a receipt later, by handoff id or idempotency key (exactly one), optionally comparing a checksum, and says
 * who has consumed the handoff and where it was applied. An unknown id or key is not found, never committed.
 */
public final class DeliveryStatus {

    private final ResolveProject resolver;
    private final LoadHandoffPort handoffs;
    private final LoadCursorsPort cursors;
    private final LoadRoutesPort routes;
    private final LoadAppliedPort applied;

    @Inject
    DeliveryStatus(
            ResolveProject resolver,
            LoadHandoffPort handoffs,
            LoadCursorsPort cursors,
            LoadRoutesPort routes,
            LoadAppliedPort applied) {
        this.resolver = resolver;
        this.handoffs = handoffs;
        this.cursors = cursors;
        this.routes = routes;
        this.applied = applied;
    }

    /**
     * @param handoffId      the id from the receipt, or null
     * @param idempotencyKey the key used to publish, or null
     * @param checksum       a checksum to compare, or null
     * @param project        the project the handoff must belong to, or null for any
     * @return the delivery, or INVALID_ARGUMENTS, PROJECT_UNKNOWN, PROJECT_AMBIGUOUS or HANDOFF_NOT_FOUND
     */
    public Outcome<Delivery> check(String handoffId, String idempotencyKey, String checksum, String project) {
        if ((handoffId == null) == (idempotencyKey == null)) {
            return Outcome.refused(Refusal.invalid(
                    handoffId == null ? "handoff_id" : "idempotency_key",
                    "give exactly one of handoff_id and idempotency_key"));
        }
        Optional<Checksum> expected = Optional.ofNullable(checksum).flatMap(Checksum::parse);
        if (checksum != null && expected.isEmpty()) {
            return Outcome.refused(Refusal.invalid("checksum", "expected sha256:<64 hex digits> as in the receipt"));
        }
        Outcome<Optional<Project>> scope = project == null
                ? Outcome.done(Optional.empty())
                : resolver.registered(project).then(found -> Outcome.done(Optional.of(found)));
        return scope.then(within -> find(handoffId, idempotencyKey)
                .filter(h -> within.isEmpty()
                        || within.get().key().equals(h.receipt().project()))
                .map(h -> Outcome.done(delivery(h, expected)))
                .orElseGet(() -> Outcome.refused(notFound(handoffId, idempotencyKey))));
    }

    private Optional<Handoff> find(String handoffId, String idempotencyKey) {
        if (handoffId != null) {
            return HandoffId.PATTERN.matcher(handoffId).matches()
                    ? handoffs.byId(new HandoffId(handoffId))
                    : Optional.empty();
        }
        return handoffs.byIdempotencyKey(idempotencyKey);
    }

    private Delivery delivery(Handoff handoff, Optional<Checksum> expected) {
        Delivery.ChecksumCheck check = expected.map(
                        c -> c.equals(handoff.receipt().checksum())
                                ? Delivery.ChecksumCheck.MATCH
                                : Delivery.ChecksumCheck.MISMATCH)
                .orElse(Delivery.ChecksumCheck.NOT_GIVEN);
        List<Cursor> all = cursors.cursors(handoff.receipt().project());
        var sequence = handoff.receipt().sequence();
        HandoffId id = handoff.receipt().handoffId();
        return new Delivery(
                handoff,
                check,
                all.stream().filter(c -> c.hasHandled(sequence)).toList(),
                all.stream().filter(c -> !c.hasHandled(sequence)).toList(),
                routes.routes(id),
                applied.applied(id));
    }

    private static Refusal notFound(String handoffId, String idempotencyKey) {
        String what = handoffId != null ? "handoff_id '" + handoffId + "'" : "idempotency_key '" + idempotencyKey + "'";
        return new Refusal(
                HandoffCodes.HANDOFF_NOT_FOUND,
                "no committed handoff has " + what + "; treat it as not sent"
                        + " and publish again (reusing the same idempotency_key is safe)",
                Map.of("field", handoffId != null ? "handoff_id" : "idempotency_key"));
    }
}
