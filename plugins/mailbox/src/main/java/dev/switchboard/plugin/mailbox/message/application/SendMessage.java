package dev.switchboard.plugin.mailbox.message.application;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.RequestKeys;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Channels;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.channel.domain.ClientText;
import dev.switchboard.plugin.mailbox.channel.domain.DirectBody;
import dev.switchboard.plugin.mailbox.channel.domain.MailboxLimits;
import dev.switchboard.plugin.mailbox.channel.domain.Message;
import dev.switchboard.plugin.mailbox.channel.domain.RoleRoster;
import dev.switchboard.plugin.mailbox.channel.domain.Roles;
import dev.switchboard.plugin.mailbox.channel.domain.RosterRules;
import dev.switchboard.plugin.mailbox.message.application.port.out.Addressees;
import dev.switchboard.plugin.mailbox.message.application.port.out.EventLog;
import dev.switchboard.plugin.mailbox.message.application.port.out.MessageStore;
import dev.switchboard.plugin.mailbox.message.application.port.out.NewMessage;
import dev.switchboard.plugin.mailbox.message.domain.Addressing;
import dev.switchboard.plugin.mailbox.message.domain.Vocabulary;
import dev.switchboard.ports.secrets.SecretGuard;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.Refusal;
import dev.switchboard.ports.tool.ToolCall;

/**
 * {@code send_message}: checks every rule of §1C.2 and stores the message in two steps, {@link #check} (the rules
 * that need no channel state, and the secret scan) before the write transaction and {@link #send} (the rules against
 * the channel's state, and the write) in it; in a hosted channel, also the roster's ({@link RosterRules}: behaviours 85, 86), whose roles
 * are what {@code "*"} addresses; in a local channel, the roles a message makes known ({@link Sent#newRoles}), at most
 * {@link RoleRoster#LOCAL_ROLES_MAX} in all. A send-time {@code work_status} is audited as the sender's transition
 * ({@code work_status:<v>} event). Thread-safe.
 */
@Singleton
public final class SendMessage {

    /**
     * A stored message.
     *
     * @param message  the message
     * @param newRoles in a local channel, the roles this message made known (the sender's first message, a recipient
     *                 never addressed before: the first message creates a role), in the order named; empty when none
     *                 or in a hosted channel
     */
    public record Sent(Message message, List<String> newRoles) {

        /** @return {@code {id, created_at}}, plus {@code recipients}, {@code voters} and {@code new_roles} where they apply */
        public Map<String, Object> wire() {
            Map<String, Object> receipt = new LinkedHashMap<>();
            receipt.put("id", message.id());
            receipt.put("created_at", message.createdAt());
            if (message.hasSeveralRecipients() || Message.SEVERAL.equals(message.toRole())) {
                receipt.put("recipients", message.recipientRoles());
            }
            if (message.voters() != null) {
                receipt.put("voters", message.voters());
            }
            if (!newRoles.isEmpty()) {
                receipt.put("new_roles", newRoles);
            }
            return receipt;
        }
    }

    /** The most names (the sender and the recipients named) whose rows a send reads with the roster, at once. */
    static final int NAMES_READ_AT_ONCE = 8;

    private final RequestKeys requestKeys;
    private final MessageStore messages;
    private final EventLog events;
    private final SecretGuard guard;
    private final Channels channels;

    @Inject
    SendMessage(RequestKeys requestKeys, MessageStore messages, EventLog events, SecretGuard guard, Channels channels) {
        this.requestKeys = requestKeys;
        this.messages = messages;
        this.events = events;
        this.guard = guard;
        this.channels = channels;
    }

    /**
     * The checks that need no channel state, and the secret scan of the texts the call carries (all but a
     * {@code body_ref}'s upload): run BEFORE the write transaction, so that the channel's other writers do not wait
     * for them. A scan's refusal is reported by {@link #send} at its place among the checks, so a call with several
     * faults is refused for the same one as when everything ran in the transaction.
     *
     * @param request the arguments
     * @return the checked request for {@link #send}, or the refusal (INVALID_ARGUMENTS naming the field and limit)
     */
    public Outcome<CheckedSend> check(SendRequest request) {
        String topic = request.topic().strip();
        if (topic.isEmpty()) {
            return Outcome.refused(
                    Refusal.invalid("topic", "is required: say in a few words what the message is about"));
        }
        if (chars(topic) > MailboxLimits.TOPIC_CHARS) {
            return Outcome.refused(Refusal.invalid(
                    "topic",
                    "is " + chars(topic) + " characters; the limit is " + MailboxLimits.TOPIC_CHARS
                            + ". Shorten it and put the detail in the body"));
        }
        if (request.bodyRef() != null && !request.body().isEmpty()) {
            return Outcome.refused(
                    Refusal.invalid("body_ref", "give either body or body_ref (a sealed upload), not both"));
        }
        if (request.bodyRef() == null && request.body().isEmpty()) {
            return Outcome.refused(
                    Refusal.invalid("body", "is required (or body_ref, the id of a sealed upload, for a large body)"));
        }
        Optional<Refusal> oversized = DirectBody.problem(request.body());
        if (oversized.isPresent()) {
            return oversized.get().outcome();
        }
        if (request.kind() != null && !Vocabulary.KINDS.contains(request.kind())) {
            return Outcome.refused(Refusal.invalid(
                    "kind",
                    ClientText.quoted(request.kind()) + " is not a kind; use one of "
                            + String.join(", ", Vocabulary.KINDS)));
        }
        if (request.workStatus() != null && !Vocabulary.WORK_STATUSES.contains(request.workStatus())) {
            return Outcome.refused(Refusal.invalid(
                    "work_status",
                    ClientText.quoted(request.workStatus()) + " is not a work status; use one of "
                            + String.join(", ", Vocabulary.WORK_STATUSES)));
        }
        if ("proc".equals(request.kind()) && !request.pinKeyGiven()) {
            return Outcome.refused(Refusal.invalid(
                    "pin_key",
                    "a proposal (kind proc) must say which pin it is about: pass pin_key explicitly, or pin_key: null"
                            + " for a proposal that changes no pin"));
        }
        if ("proc".equals(request.kind()) && !request.aboutGiven()) {
            return Outcome.refused(Refusal.invalid(
                    "about_message_id",
                    "a proposal (kind proc) must say whether it nudges about a message: pass about_message_id"
                            + " explicitly, or about_message_id: null for a new round"));
        }
        String pinKey = request.pinKey() == null ? null : request.pinKey().strip();
        if (pinKey != null && pinKey.isEmpty()) {
            return Outcome.refused(Refusal.invalid("pin_key", "is blank; pass a key, or null for none"));
        }
        if (pinKey != null && chars(pinKey) > MailboxLimits.PIN_KEY_CHARS) {
            return Outcome.refused(Refusal.invalid(
                    "pin_key", "is " + chars(pinKey) + " characters; the limit is " + MailboxLimits.PIN_KEY_CHARS));
        }
        if (request.voters() != null && pinKey == null) {
            return Outcome.refused(Refusal.invalid(
                    "voters",
                    "declares the electorate of a pin round, so it needs pin_key; drop voters or add pin_key"));
        }
        Outcome<List<String>> scan = request.bodyRef() == null
                ? guard.check(texts(topic, request.body(), pinKey, request.addenda()), request.allowSensitive())
                : null;
        return Outcome.done(new CheckedSend(request, topic, pinKey, scan));
    }

    /**
     * {@code send_message} in its own write. The checks that need no channel state and the secret scan ({@link
     * #check}) ran before the channel's lock; a refusal among them is still returned from inside the write, so that a
     * request_key replay or conflict comes first.
     *
     * @param caller  the sender
     * @param call    the tool call: its request_key makes a retry safe ({@link RequestKeys})
     * @param checked the checked request, or the refusal of the checks
     * @return the message's receipt ({@link Sent#wire}), or the refusal (nothing written)
     */
    public Outcome<Map<String, Object>> send(Caller caller, ToolCall call, Outcome<CheckedSend> checked) {
        return requestKeys.write(
                caller,
                call,
                tx -> checked.then(request -> send(tx, caller, request)).map(Sent::wire));
    }

    /**
     * The checks against the channel's state, then the write, in the caller's transaction (which holds the
     * channel's lock).
     *
     * @param tx      the write transaction
     * @param caller  the author
     * @param checked what {@link #check} returned for the call
     * @return the stored message and the roles it made known, or the refusal (INVALID_ARGUMENTS naming the field
     *     and limit, or a local roster that would pass {@link RoleRoster#LOCAL_ROLES_MAX}; UNKNOWN_ROLE for a hosted
     *     recipient or voter off the roster; CONFLICT for a second open round; SECRET_DETECTED)
     */
    public Outcome<Sent> send(Tx tx, Caller caller, CheckedSend checked) {
        SendRequest request = checked.request();
        String topic = checked.topic();
        String pinKey = checked.pinKey();
        Optional<Message> parent = Optional.empty();
        if (request.replyTo() != null) {
            parent = live(tx, request.replyTo());
            if (parent.isEmpty()) {
                return Outcome.refused(Refusal.invalid(
                        "reply_to", "message " + request.replyTo() + " does not exist in this channel"));
            }
        }
        if (request.aboutMessageId() != null
                && live(tx, request.aboutMessageId()).isEmpty()) {
            return Outcome.refused(Refusal.invalid(
                    "about_message_id", "message " + request.aboutMessageId() + " does not exist in this channel"));
        }
        // the roster and the named roles' rows in one read (ADR 79); for "*" the roster alone
        List<String> asked = namedIn(caller.role(), request.to());
        Optional<Addressees> read = asked.isEmpty() ? Optional.empty() : Optional.of(messages.addressees(tx, asked));
        Optional<List<String>> roster = read.isPresent() ? read.get().roster() : channels.roster(tx);
        Addressing.Addressed addressed = Addressing.recipients(
                request.to(),
                caller.role(),
                () -> roster.<Set<String>>map(Set::copyOf).orElseGet(() -> messages.knownRoles(tx)),
                request.kind(),
                parent,
                request.actionRequired());
        if (addressed.problem() != null) {
            return addressed.problem().outcome();
        }
        List<String> recipients = addressed.recipients();
        for (Map.Entry<String, String> addendum : request.addenda().entrySet()) {
            if (!recipients.contains(addendum.getKey())) {
                return Outcome.refused(Refusal.invalid(
                        "addenda",
                        "names '" + addendum.getKey() + "', who is not a recipient ("
                                + String.join(", ", recipients)
                                + "); an addendum is for one recipient of this message"));
            }
            if (chars(addendum.getValue()) > MailboxLimits.NOTE_CHARS) {
                return Outcome.refused(Refusal.invalid(
                        "addenda",
                        "the addendum for '" + addendum.getKey() + "' is " + chars(addendum.getValue())
                                + " characters; the limit is " + MailboxLimits.NOTE_CHARS));
            }
        }
        List<String> voters = null;
        if (request.voters() != null) {
            switch (voters(request.voters(), caller.role(), recipients)) {
                case Outcome.Refused<List<String>> refused -> {
                    return Outcome.refused(refused.refusal());
                }
                case Outcome.Done<List<String>> electorate -> voters = electorate.value();
            }
        }
        List<String> newRoles = List.of();
        if (roster.isPresent()) {
            Optional<Refusal> hosted = RosterRules.check(
                    roster.get(), caller.role(), recipients, request.kind(), pinKey, request.voters() != null, voters);
            if (hosted.isPresent()) {
                return Outcome.refused(hosted.get().with("roles", new RoleRoster(roster.get(), true).roles()));
            }
        } else {
            Set<String> named = new LinkedHashSet<>();
            named.add(caller.role());
            named.addAll(recipients);
            Set<String> known =
                    read.isPresent() && asked.containsAll(named) ? read.get().known() : messages.knownAmong(tx, named);
            newRoles = named.stream().filter(name -> !known.contains(name)).toList();
            if (!newRoles.isEmpty()) {
                RoleRoster local = new RoleRoster(List.copyOf(messages.knownRoles(tx)), false);
                Optional<Refusal> full = local.admits("to", newRoles);
                if (full.isPresent()) {
                    return Outcome.refused(full.get().with("roles", local.roles()));
                }
            }
        }
        String body = request.body();
        if (request.bodyRef() != null) {
            Optional<MessageStore.Upload> upload = messages.upload(tx, request.bodyRef());
            if (upload.isEmpty() || !upload.get().sealed()) {
                return Outcome.refused(Refusal.invalid(
                        "body_ref",
                        "upload " + request.bodyRef()
                                + (upload.isEmpty() ? " does not exist" : " is not sealed yet")
                                + "; only a sealed upload can be a body (seal_content seals it)"));
            }
            body = upload.get().body();
        }
        if ("proc".equals(request.kind()) && pinKey != null && request.aboutMessageId() == null) {
            List<Long> open = messages.openRounds(tx, pinKey);
            if (!open.isEmpty()) {
                return Outcome.refused(
                        Refusal.conflict("pin key '" + pinKey + "' already has an open round: message(s) "
                                        + open.stream().map(id -> "#" + id).collect(Collectors.joining(", "))
                                        + "; a second round would split the vote. Revise or nudge the open round, or close"
                                        + " it first (its author deletes it, or an electorate member votes void)")
                                .with("open_rounds", open));
            }
        }
        Outcome<List<String>> scanned = checked.scan() != null
                ? checked.scan()
                : guard.check(texts(topic, body, pinKey, request.addenda()), request.allowSensitive());
        List<String> overridden;
        switch (scanned) {
            case Outcome.Refused<List<String>> refused -> {
                return Outcome.refused(refused.refusal());
            }
            case Outcome.Done<List<String>> done -> overridden = done.value();
        }
        String toRole = recipients.size() == 1 && !addressed.broadcast() ? recipients.getFirst() : Message.SEVERAL;
        Message stored = messages.insert(
                tx,
                new NewMessage(
                        caller.role(),
                        toRole,
                        recipients,
                        topic,
                        body,
                        request.bodyRef(),
                        request.actionRequired(),
                        request.replyTo(),
                        request.kind(),
                        request.workStatus(),
                        pinKey,
                        request.aboutMessageId(),
                        voters,
                        request.addenda(),
                        request.decisionRequested()));
        if (request.workStatus() != null) {
            events.append(tx, stored.id(), "work_status:" + request.workStatus(), caller.role(), null, List.of());
        }
        if (!overridden.isEmpty()) {
            events.append(
                    tx,
                    stored.id(),
                    "sensitive_override",
                    caller.role(),
                    "sent with allow_sensitive despite the secret guardrail (rules: " + String.join(", ", overridden)
                            + ")",
                    List.of());
        }
        return Outcome.done(new Sent(stored, newRoles));
    }

    /**
     * @return the sender and the roles {@code to} names, when it names at most {@link #NAMES_READ_AT_ONCE} roles in
     *     all; empty for {@code "*"}, a malformed {@code to} or more names (their rows are then read as before)
     */
    private static List<String> namedIn(String sender, Object to) {
        Set<String> names = new LinkedHashSet<>();
        names.add(sender);
        if (to instanceof String role && !Roles.EVERYONE.equals(role)) {
            names.add(role);
        } else if (to instanceof List<?> list && !list.isEmpty() && list.size() < NAMES_READ_AT_ONCE) {
            for (Object item : list) {
                if (Roles.EVERYONE.equals(item)) {
                    return List.of();
                }
                names.add(String.valueOf(item));
            }
        } else {
            return List.of();
        }
        return List.copyOf(names);
    }

    /** The texts the secret guardrail scans, in the order it reports them. */
    private static Map<String, String> texts(String topic, String body, String pinKey, Map<String, String> addenda) {
        Map<String, String> texts = new LinkedHashMap<>();
        texts.put("topic", topic);
        texts.put("body", body);
        texts.put("pin_key", pinKey);
        addenda.forEach((role, text) -> texts.put("addenda." + role, text));
        return texts;
    }

    private Optional<Message> live(Tx tx, long id) {
        return messages.find(tx, id).filter(message -> !message.isDeleted());
    }

    /** {@code "*"} or a list; the author is dropped; empty (or only the author) refused; names must be role names. */
    private static Outcome<List<String>> voters(Object declared, String author, List<String> recipients) {
        List<String> names;
        if (Roles.EVERYONE.equals(declared)) {
            names = recipients;
        } else if (declared instanceof List<?> list) {
            names = list.stream().map(String::valueOf).distinct().toList();
        } else {
            return Refusal.invalid("voters", "must be \"*\" or a list of roles").outcome();
        }
        for (String name : names) {
            if (!Roles.isName(name)) {
                return Refusal.invalid("voters", ClientText.quoted(name) + " is not a role name")
                        .outcome();
            }
        }
        List<String> electorate =
                names.stream().filter(name -> !name.equals(author)).toList();
        if (electorate.isEmpty()) {
            return Outcome.refused(Refusal.invalid(
                    "voters",
                    "leaves nobody to vote (you are never your own voter); name the roles whose agreement the pin"
                            + " needs, or \"*\" for every recipient"));
        }
        return Outcome.done(electorate);
    }

    private static int chars(String text) {
        return text.codePointCount(0, text.length());
    }
}
