package dev.switchboard.plugin.handoff.application;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import jakarta.inject.Inject;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.switchboard.plugin.handoff.application.port.out.AppendHandoffPort;
import dev.switchboard.plugin.handoff.application.port.out.AppendResult;
import dev.switchboard.plugin.handoff.application.port.out.NewHandoff;
import dev.switchboard.plugin.handoff.domain.HandoffDraft;
import dev.switchboard.plugin.handoff.domain.HandoffId;
import dev.switchboard.plugin.handoff.domain.PayloadFingerprint;
import dev.switchboard.plugin.handoff.domain.ProjectKey;
import dev.switchboard.plugin.handoff.domain.Receipt;
import dev.switchboard.ports.secrets.SecretGuard;
import dev.switchboard.ports.secrets.SecretScanner;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.Refusal;
import dev.switchboard.ports.tool.StorableText;

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

    /** The operator's half of the secret-guardrail override. */
    static final String ALLOW_SENSITIVE = "plugins.handoff." + HandoffSettings.ALLOW_SENSITIVE;

    private static final Logger LOG = LoggerFactory.getLogger(PublishHandoff.class);

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

    @Inject
    PublishHandoff(
            ResolveProject resolver,
            SecretScanner scanner,
            HandoffSettings settings,
            AppendHandoffPort append,
            Clock clock) {
        this.resolver = resolver;
        this.guard = new SecretGuard(scanner, ALLOW_SENSITIVE, settings.allowSensitive());
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
        return StorableText.check(stored(request.draft()))
                .then(ok -> bounded(request))
                .then(ok -> guard.check(shared(request.draft()), request.allowSensitive()))
                .map(PublishHandoff::logged);
    }

    private static List<String> logged(List<String> overriddenRules) {
        if (!overriddenRules.isEmpty()) {
            LOG.warn("secret guardrail overridden on request (operator setting allows it); rules {}", overriddenRules);
        }
        return overriddenRules;
    }

    /** Every text the publish stores, by argument name. */
    private static Map<String, Object> stored(HandoffDraft draft) {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("title", draft.title());
        fields.put("summary", draft.summary());
        fields.put("content", draft.content());
        fields.put("kind", draft.kind());
        fields.put("source", draft.source());
        fields.put("source_reference", draft.sourceReference());
        fields.put("importance", draft.importance());
        fields.put("sensitivity", draft.sensitivity());
        fields.put("tags", draft.tags());
        fields.put("suggested_targets", draft.suggestedTargets());
        return fields;
    }

    /** The texts the secret guardrail scans: what a reader of the handoff is shown. */
    private static Map<String, String> shared(HandoffDraft draft) {
        Map<String, String> texts = new LinkedHashMap<>();
        texts.put("title", draft.title());
        texts.put("summary", draft.summary());
        texts.put("content", draft.content());
        for (int i = 0; i < draft.tags().size(); i++) {
            texts.put("tags[" + i + "]", draft.tags().get(i));
        }
        texts.put("source_reference", draft.sourceReference());
        for (int i = 0; i < draft.suggestedTargets().size(); i++) {
            texts.put("suggested_targets[" + i + "]", draft.suggestedTargets().get(i));
        }
        return texts;
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
            // the append's transaction published HandoffListChanges.TOPIC with the handoff
            case AppendResult.Committed committed ->
                Outcome.done(new Published(committed.receipt(), false, overriddenRules));
            case AppendResult.Replayed replayed -> Outcome.done(new Published(replayed.receipt(), true, List.of()));
            case AppendResult.Conflict conflict ->
                Refusal.conflict("idempotency_key '" + request.idempotencyKey()
                                + "' was already used for a different handoff ("
                                + conflict.receipt().handoffId()
                                + "); nothing was written. Use a new key for a new handoff, or resend exactly the same"
                                + " fields to get the original receipt")
                        .with("field", "idempotency_key")
                        .with("handoff_id", conflict.receipt().handoffId().value())
                        .with("project", conflict.receipt().project().value())
                        .with("sequence", conflict.receipt().sequence().value())
                        .<Published>outcome();
        });
    }
}
