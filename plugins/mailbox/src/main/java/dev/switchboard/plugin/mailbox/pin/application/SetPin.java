package dev.switchboard.plugin.mailbox.pin.application;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.RequestKeys;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Channels;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Transactions;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.channel.domain.Digest;
import dev.switchboard.plugin.mailbox.channel.domain.DirectBody;
import dev.switchboard.plugin.mailbox.channel.domain.Message;
import dev.switchboard.plugin.mailbox.decision.application.Retirement;
import dev.switchboard.plugin.mailbox.decision.application.Rounds;
import dev.switchboard.plugin.mailbox.decision.application.port.out.VoteStore;
import dev.switchboard.plugin.mailbox.message.application.port.out.MessageStore;
import dev.switchboard.plugin.mailbox.pin.application.port.out.PinStore;
import dev.switchboard.plugin.mailbox.pin.domain.PinApproval;
import dev.switchboard.plugin.mailbox.pin.domain.PinKeys;
import dev.switchboard.plugin.mailbox.pin.domain.PinRequest;
import dev.switchboard.plugin.mailbox.pin.domain.PinVersion;
import dev.switchboard.plugin.mailbox.pin.domain.Proposal;
import dev.switchboard.plugin.mailbox.pin.domain.Verdict;
import dev.switchboard.plugin.mailbox.upload.application.Uploads;
import dev.switchboard.ports.secrets.SecretGuard;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.Refusal;
import dev.switchboard.ports.tool.ToolCall;

/**
 * {@code pin_set}: appends a version of a pin once the approval algorithm ({@link PinApproval}) lets it, and retires
 * the open proposals for the key ({@code superseded}). A dry run takes exactly the same path and stops before the
 * write: it answers {@code {dry_run, ok, written:false, would_write}} or {@code {dry_run, ok:false, problem,
 * missing_agrees, written:false}}, and still refuses a permission error. Thread-safe (stateless).
 */
@Singleton
public final class SetPin {

    private final Transactions transactions;
    private final RequestKeys requestKeys;
    private final PinStore pins;
    private final MessageStore messages;
    private final VoteStore votes;
    private final Retirement retirement;
    private final Uploads uploads;
    private final PinSettings settings;
    private final SecretGuard guard;
    private final Channels channels;

    @Inject
    SetPin(
            Transactions transactions,
            RequestKeys requestKeys,
            PinStore pins,
            MessageStore messages,
            VoteStore votes,
            Retirement retirement,
            Uploads uploads,
            PinSettings settings,
            SecretGuard guard,
            Channels channels) {
        this.transactions = transactions;
        this.requestKeys = requestKeys;
        this.pins = pins;
        this.messages = messages;
        this.votes = votes;
        this.retirement = retirement;
        this.uploads = uploads;
        this.settings = settings;
        this.guard = guard;
        this.channels = channels;
    }

    /**
     * @param caller who sets the pin
     * @param call   the tool call: its request_key makes a retry safe ({@link RequestKeys}); a dry run reads only
     * @param draft  the arguments
     * @param dryRun whether to stop before writing
     * @param allowSensitive the caller's half of the secret guardrail's override
     * @return the written version with {@code superseded} (and {@code sensitive_override} when an override let
     *         secret rules through, recorded on the version), or the dry run's answer; INVALID_ARGUMENTS for bad
     *         fields, SECRET_DETECTED, NOT_FOUND for a missing approval or upload, CONFLICT (with
     *         {@code details.missing_agrees}) when consent is not there, FORBIDDEN for a non-participant on stdio
     */
    public Outcome<Map<String, Object>> set(
            Caller caller, ToolCall call, PinDraft draft, boolean dryRun, boolean allowSensitive) {
        return dryRun
                ? transactions.read(caller.channelId(), tx -> set(tx, caller.role(), draft, true, allowSensitive))
                : requestKeys.write(caller, call, tx -> set(tx, caller.role(), draft, false, allowSensitive));
    }

    private Outcome<Map<String, Object>> set(
            Tx tx, String role, PinDraft draft, boolean dryRun, boolean allowSensitive) {
        return body(tx, draft).then(body -> {
            String key = draft.key().strip();
            String title = draft.title().strip();
            String version = draft.version().strip();
            Optional<Refusal> invalid = invalid(key, title, version, body);
            if (invalid.isPresent()) {
                return invalid.get().outcome();
            }
            Map<String, String> texts = new LinkedHashMap<>();
            texts.put("key", key);
            texts.put("title", title);
            texts.put("version", version);
            texts.put("body", body);
            return guard.check(texts, allowSensitive).then(overridden -> {
                Digest digest = Digest.of(body);
                Verdict verdict = PinApproval.judge(request(tx, role, key, digest, draft.approvedBy()));
                return switch (verdict) {
                    case Verdict.Forbidden forbidden ->
                        Refusal.forbidden(forbidden.problem()).outcome();
                    case Verdict.Blocked blocked -> dryRun ? Outcome.done(failedPreview(blocked)) : refusal(blocked);
                    case Verdict.Approved approved ->
                        dryRun
                                ? Outcome.done(preview(key, version, digest))
                                : Outcome.done(write(
                                        tx,
                                        role,
                                        new PinVersion(
                                                key, title, body, version, role, tx.now(), draft.approvedBy(), digest),
                                        overridden));
                };
            });
        });
    }

    private Outcome<String> body(Tx tx, PinDraft draft) {
        String body = draft.body() == null ? "" : draft.body();
        if (draft.bodyRef() == null) {
            return DirectBody.problem(body)
                    .<Outcome<String>>map(Refusal::outcome)
                    .orElseGet(() -> Outcome.done(body));
        }
        if (!body.isEmpty()) {
            return Outcome.refused(
                    Refusal.invalid("body_ref", "pass either body or body_ref, not both: one text has one source"));
        }
        return uploads.sealedReference(tx, draft.bodyRef()).then(upload -> Outcome.done(upload.body()));
    }

    private static Optional<Refusal> invalid(String key, String title, String version, String body) {
        if (key.isEmpty()) {
            return Optional.of(Refusal.invalid("key", "is required"));
        }
        if (chars(key) > PinKeys.KEY_MAX) {
            return Optional.of(Refusal.invalid("key", "must be at most " + PinKeys.KEY_MAX + " characters"));
        }
        if (title.isEmpty()) {
            return Optional.of(Refusal.invalid("title", "is required"));
        }
        if (chars(title) > PinKeys.TITLE_MAX) {
            return Optional.of(Refusal.invalid("title", "must be at most " + PinKeys.TITLE_MAX + " characters"));
        }
        if (body.isEmpty()) {
            return Optional.of(Refusal.invalid("body", "is required (or body_ref, a sealed upload)"));
        }
        if (version.isEmpty()) {
            return Optional.of(Refusal.invalid("version", "is required"));
        }
        if (chars(version) > PinKeys.VERSION_MAX) {
            return Optional.of(Refusal.invalid("version", "must be at most " + PinKeys.VERSION_MAX + " characters"));
        }
        return Optional.empty();
    }

    private PinRequest request(Tx tx, String role, String key, Digest digest, Long approvedBy) {
        Optional<Proposal> proposal = Optional.ofNullable(approvedBy)
                .flatMap(id -> messages.find(tx, id))
                .filter(message -> !message.isDeleted())
                .map(message -> proposal(tx, message));
        return new PinRequest(
                key,
                role,
                Optional.ofNullable(approvedBy),
                digest.sha256(),
                pins.current(tx, key),
                pins.everApproved(tx, key),
                proposal,
                proposal.isPresent() && proposal.get().pinKey() == null ? messages.openRounds(tx, key) : List.of(),
                approvedBy != null && messages.approvedAPin(tx, approvedBy),
                channels.roster(tx).map(Set::copyOf),
                settings.strictDigest());
    }

    private Proposal proposal(Tx tx, Message message) {
        String approvedSha256 = Optional.ofNullable(message.bodyRef())
                .flatMap(ref -> uploads.lookup(tx, ref))
                .map(upload -> upload.digest().sha256())
                .orElseGet(() -> Digest.of(message.body()).sha256());
        return new Proposal(
                Rounds.roundOf(message),
                message.kind(),
                message.pinKey(),
                message.topic(),
                message.body(),
                approvedSha256,
                votes.votes(tx, message.id()));
    }

    private Map<String, Object> write(Tx tx, String role, PinVersion version, List<String> overridden) {
        pins.append(tx, version, overridden);
        Map<String, Object> written = PinViews.wire(version, false);
        written.remove("title");
        if (!overridden.isEmpty()) {
            written.put("sensitive_override", overridden);
        }
        written.put("superseded", retirement.proposalsFor(tx, version.key(), role, version.version()));
        return written;
    }

    private static Map<String, Object> preview(String key, String version, Digest digest) {
        Map<String, Object> wouldWrite = new LinkedHashMap<>();
        wouldWrite.put("key", key);
        wouldWrite.put("version", version);
        wouldWrite.put("body_sha256", digest.sha256());
        wouldWrite.put("body_length_bytes", digest.bytes());
        wouldWrite.put("body_length_chars", digest.chars());
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("dry_run", true);
        answer.put("ok", true);
        answer.put("written", false);
        answer.put("would_write", wouldWrite);
        return answer;
    }

    private static Map<String, Object> failedPreview(Verdict.Blocked blocked) {
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("dry_run", true);
        answer.put("ok", false);
        answer.put("problem", blocked.problem());
        answer.put("missing_agrees", blocked.missingAgrees());
        answer.put("written", false);
        return answer;
    }

    private static Outcome<Map<String, Object>> refusal(Verdict.Blocked blocked) {
        Refusal problem =
                blocked.notFound() ? Refusal.notFound(blocked.problem()) : Refusal.conflict(blocked.problem());
        return Outcome.refused(problem.with("missing_agrees", blocked.missingAgrees()));
    }

    private static int chars(String text) {
        return text.codePointCount(0, text.length());
    }
}
