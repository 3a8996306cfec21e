package dev.switchboard.plugin.handoff.application;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

import jakarta.inject.Inject;

import dev.switchboard.plugin.handoff.application.port.out.AppendHandoffPort;
import dev.switchboard.plugin.handoff.application.port.out.AppendResult;
import dev.switchboard.plugin.handoff.application.port.out.NewHandoff;
import dev.switchboard.plugin.handoff.domain.HandoffDraft;
import dev.switchboard.plugin.handoff.domain.HandoffId;
import dev.switchboard.plugin.handoff.domain.PayloadFingerprint;
import dev.switchboard.plugin.handoff.domain.ProjectKey;
import dev.switchboard.plugin.handoff.domain.Receipt;
import dev.switchboard.plugin.handoff.domain.WellFormedText;
import dev.switchboard.ports.tool.ErrorCode;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.Refusal;

/**
 * Publishes a handoff to a registered project: resolves the project (never creating it), bounds the content, runs the
 * secret guardrail, and appends the handoff with the project's next sequence. With an idempotency key, a retry of the
 * same payload returns the first receipt and a different payload under the same key is refused; either way nothing
 * new is written.
 *
 * <p>A publish is the hot write path, so a project named by its key is not looked up on its own: the append's write
 * transaction checks the registration while it allocates the sequence. The full resolution (with its prompts) runs
 * only when that check or the content checks refuse, and its refusal comes first, as if it had run first.
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
    public record Request(
            String project, HandoffDraft draft, boolean allowSensitive, String idempotencyKey, String publishedBy) {
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
    private final HandoffListChanges changes;

    @Inject
    PublishHandoff(
            ResolveProject resolver,
            SecretGuard guard,
            HandoffSettings settings,
            AppendHandoffPort append,
            Clock clock,
            HandoffListChanges changes) {
        this.resolver = resolver;
        this.guard = guard;
        this.settings = settings;
        this.append = append;
        this.clock = clock;
        this.changes = changes;
    }

    /**
     * @param request what to publish
     * @return the receipt, or a refusal: PROJECT_UNKNOWN, PROJECT_AMBIGUOUS, INVALID_ARGUMENTS, BODY_TOO_LARGE,
     *         SECRET_DETECTED or CONFLICT; a refusal wrote nothing
     */
    public Outcome<Published> publish(Request request) {
        String name = request.project();
        Optional<ProjectKey> key = name.isBlank() ? Optional.empty() : ProjectKey.normalize(name);
        if (key.isEmpty()) {
            // no name, or one that cannot be a key: the resolver chooses the project or explains the refusal
            return resolver.registered(name)
                    .then(project -> checked(request).then(rules -> appended(project.key(), request, rules)));
        }
        return switch (checked(request)) {
            case Outcome.Refused<List<String>> refused ->
                resolver.registered(name).then(project -> Outcome.refused(refused.refusal()));
            case Outcome.Done<List<String>> done ->
                append(key.get(), request, done.value())
                        // not registered: refuse with the resolver's prompt, or append if registered meanwhile
                        .orElseGet(() -> resolver.registered(name)
                                .then(project -> appended(project.key(), request, done.value())));
        };
    }

    private Outcome<List<String>> checked(Request request) {
        return wellFormed(request.draft())
                .then(ok -> bounded(request))
                .then(ok -> guard.check(request.draft(), request.allowSensitive()));
    }

    /**
     * Text with a lone UTF-16 surrogate has no UTF-8 form: refused, naming the field, rather than stored as '?'. Text
     * with a NUL is refused too: PostgreSQL cannot store it, and SQLite refuses it alike so both backends answer the
     * same.
     */
    private static Outcome<Boolean> wellFormed(HandoffDraft draft) {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("title", draft.title());
        fields.put("summary", draft.summary());
        fields.put("content", draft.content());
        fields.put("kind", draft.kind());
        fields.put("source", draft.source());
        fields.put("source_reference", draft.sourceReference());
        fields.put("importance", draft.importance());
        fields.put("sensitivity", draft.sensitivity());
        for (int i = 0; i < draft.tags().size(); i++) {
            fields.put("tags[" + i + "]", draft.tags().get(i));
        }
        for (int i = 0; i < draft.suggestedTargets().size(); i++) {
            fields.put("suggested_targets[" + i + "]", draft.suggestedTargets().get(i));
        }
        for (Map.Entry<String, String> field : fields.entrySet()) {
            OptionalInt at =
                    field.getValue() == null ? OptionalInt.empty() : WellFormedText.loneSurrogate(field.getValue());
            if (at.isPresent()) {
                return Outcome.refused(Refusal.invalid(
                        field.getKey(),
                        "holds a lone UTF-16 surrogate at index "
                                + at.getAsInt()
                                + " (a \\ud800-\\udfff escape without its pair), which is not Unicode text; "
                                + "send the intended character, or U+FFFD where it is unknown"));
            }
        }
        return StorableText.check(fields);
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
        return Outcome.refused(new Refusal(
                HandoffCodes.BODY_TOO_LARGE,
                "content is " + bytes + " bytes of UTF-8, more"
                        + " than the " + settings.maxBodyBytes() + " allowed; publish curated conclusions, not a whole"
                        + " conversation, or split it into several handoffs",
                details));
    }

    private Outcome<Published> appended(ProjectKey project, Request request, List<String> overriddenRules) {
        return append(project, request, overriddenRules)
                .orElseThrow(() -> new IllegalStateException(
                        "project '" + project + "' was resolved as registered but the append did not find it"));
    }

    /** @return the outcome, or empty when the project is not registered (nothing was written) */
    private Optional<Outcome<Published>> append(ProjectKey project, Request request, List<String> overriddenRules) {
        HandoffDraft draft = request.draft();
        NewHandoff handoff = new NewHandoff(
                HandoffId.random(),
                project,
                draft,
                draft.checksum(),
                PayloadFingerprint.of(project, draft),
                request.idempotencyKey(),
                request.publishedBy(),
                overriddenRules,
                clock.instant());
        return append.append(handoff).map(result -> switch (result) {
            case AppendResult.Committed committed -> {
                changes.changed();
                yield Outcome.done(new Published(committed.receipt(), false, overriddenRules));
            }
            case AppendResult.Replayed replayed -> Outcome.done(new Published(replayed.receipt(), true, List.of()));
            case AppendResult.Conflict conflict ->
                Outcome.<Published>refused(new Refusal(
                        ErrorCode.CONFLICT,
                        "idempotency_key '" + request.idempotencyKey() + "' was already used for a different handoff ("
                                + conflict.receipt().handoffId() + "); nothing was written. Use a new key for a new"
                                + " handoff, or resend exactly the same fields to get the original receipt",
                        Map.of(
                                "field",
                                "idempotency_key",
                                "handoff_id",
                                conflict.receipt().handoffId().value(),
                                "project",
                                conflict.receipt().project().value(),
                                "sequence",
                                conflict.receipt().sequence().value())));
        });
    }
}
