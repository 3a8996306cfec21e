package dev.switchboard.plugin.handoff.application;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import jakarta.inject.Inject;

import dev.switchboard.plugin.handoff.application.Refusal.Reason;
import dev.switchboard.plugin.handoff.application.port.out.AppendHandoffPort;
import dev.switchboard.plugin.handoff.application.port.out.AppendResult;
import dev.switchboard.plugin.handoff.application.port.out.NewHandoff;
import dev.switchboard.plugin.handoff.domain.HandoffDraft;
import dev.switchboard.plugin.handoff.domain.HandoffId;
import dev.switchboard.plugin.handoff.domain.PayloadFingerprint;
import dev.switchboard.plugin.handoff.domain.Project;
import dev.switchboard.plugin.handoff.domain.Receipt;

/**
 * Publishes a handoff to a registered project: resolves the project (never creating it), bounds the content, runs the
 * secret guardrail, and appends the handoff with the project's next sequence. With an idempotency key, a retry of the
 * same payload returns the first receipt and a different payload under the same key is refused; either way nothing
 * new is written.
 */
public final class PublishHandoff {

    /**
     * A publish request. Immutable.
     *
     * @param project        the project name
     * @param draft          the fields, defaults applied
     * @param allowSensitive the caller's half of the secret-guardrail override
     * @param idempotencyKey the retry key, or null
     * @param publishedBy    the caller's id
     */
    public record Request(String project, HandoffDraft draft, boolean allowSensitive, String idempotencyKey,
                          String publishedBy) {
        /** @throws NullPointerException if a component other than {@code idempotencyKey} is null */
        public Request {
            Objects.requireNonNull(project, "project");
            Objects.requireNonNull(draft, "draft");
            Objects.requireNonNull(publishedBy, "publishedBy");
        }
    }

    /**
     * A committed publish. Immutable.
     *
     * @param receipt         the receipt
     * @param replayed        true when an earlier publish with the same idempotency key and payload was returned
     * @param overriddenRules secret rules the override let through, empty when none
     */
    public record Published(Receipt receipt, boolean replayed, List<String> overriddenRules) {
        /** @throws NullPointerException if a component is null */
        public Published {
            Objects.requireNonNull(receipt, "receipt");
            overriddenRules = List.copyOf(overriddenRules);
        }
    }

    private final ResolveProject resolver;
    private final SecretGuard guard;
    private final HandoffSettings settings;
    private final AppendHandoffPort append;
    private final Clock clock;

    @Inject
    PublishHandoff(ResolveProject resolver, SecretGuard guard, HandoffSettings settings, AppendHandoffPort append,
                   Clock clock) {
        this.resolver = resolver;
        this.guard = guard;
        this.settings = settings;
        this.append = append;
        this.clock = clock;
    }

    /**
     * @param request what to publish
     * @return the receipt, or a refusal: PROJECT_UNKNOWN, PROJECT_AMBIGUOUS, INVALID_ARGUMENTS, BODY_TOO_LARGE,
     *         SECRET_DETECTED or CONFLICT; a refusal wrote nothing
     */
    public Outcome<Published> publish(Request request) {
        return resolver.registered(request.project())
                .then(project -> bounded(request).then(ok -> guard.check(request.draft(), request.allowSensitive()))
                        .then(rules -> append(project, request, rules)));
    }

    private Outcome<Boolean> bounded(Request request) {
        int bytes = request.draft().content().getBytes(StandardCharsets.UTF_8).length;
        if (bytes <= settings.maxBodyBytes()) {
            return Outcome.done(true);
        }
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("field", "content");
        details.put("bytes", bytes);
        details.put("max_bytes", settings.maxBodyBytes());
        return Outcome.refused(new Refusal(Reason.BODY_TOO_LARGE, "content is " + bytes + " bytes of UTF-8, more"
                + " than the " + settings.maxBodyBytes() + " allowed; publish curated conclusions, not a whole"
                + " conversation, or split it into several handoffs", details));
    }

    private Outcome<Published> append(Project project, Request request, List<String> overriddenRules) {
        HandoffDraft draft = request.draft();
        NewHandoff handoff = new NewHandoff(HandoffId.random(), project.key(), draft, draft.checksum(),
                PayloadFingerprint.of(project.key(), draft), request.idempotencyKey(), request.publishedBy(),
                overriddenRules, clock.instant());
        return switch (append.append(handoff)) {
            case AppendResult.Committed committed ->
                    Outcome.done(new Published(committed.receipt(), false, overriddenRules));
            case AppendResult.Replayed replayed -> Outcome.done(new Published(replayed.receipt(), true, List.of()));
            case AppendResult.Conflict conflict -> Outcome.refused(new Refusal(Reason.CONFLICT,
                    "idempotency_key '" + request.idempotencyKey() + "' was already used for a different handoff ("
                            + conflict.receipt().handoffId() + "); nothing was written. Use a new key for a new"
                            + " handoff, or resend exactly the same fields to get the original receipt",
                    Map.of("field", "idempotency_key", "handoff_id", conflict.receipt().handoffId().value(),
                            "project", conflict.receipt().project().value(),
                            "sequence", conflict.receipt().sequence().value())));
        };
    }
}
