package dev.switchboard.plugin.mailbox.orientation.adapter.in.resource;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

import jakarta.inject.Inject;

import org.pf4j.Extension;

import tools.jackson.databind.json.JsonMapper;

import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.CallerResolver;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Transactions;
import dev.switchboard.plugin.mailbox.channel.domain.ActionableCounter;
import dev.switchboard.plugin.mailbox.channel.domain.ActionableIds;
import dev.switchboard.plugin.mailbox.orientation.application.StatusReader;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.content.ResourceContents;
import dev.switchboard.ports.resource.ResourceDescriptor;
import dev.switchboard.ports.resource.ResourceProvider;
import dev.switchboard.ports.resource.ResourceSubscription;
import dev.switchboard.ports.resource.ResourceTemplateDescriptor;
import dev.switchboard.ports.resource.ResourceUpdateSink;
import dev.switchboard.ports.signal.ChangeSignals;
import dev.switchboard.ports.tool.Outcome;

/**
 * A role's inbox as the resource {@code mailbox://<channel>/inbox/<role>}: what is actionable for the role (the
 * counters of {@code wait_for_mail} with the ids behind them). A client that subscribes to it gets
 * {@code notifications/resources/updated} when a new item appears in one of those counters, committed by this server
 * or by any other process or node on the same database (the channel's change signal), compared by ids as
 * {@code wait_for_mail} compares. The durable mailbox stays authoritative: a missed notification loses nothing.
 *
 * <p>Served ({@link #servedTo}) to the owner (a stdio session, whose role is the server's setting, or an attached
 * session's own: ADR 32) and to a channel role token, not to a viewer. Each caller lists
 * ({@link #resources(Principal)}) and reads only its own role's inbox: the in-process stdio session the server's
 * configured role's, a session attached to a shared server the role its own environment gives
 * ({@link CallerResolver}), a role token its own role's; another role's URI reads as not found. A role's inbox is
 * watched only while some client of this process is subscribed to it ({@link #follow}, from its
 * {@code resources/subscribe} to its unsubscribe or the end of its session), by {@link InboxWatches}: one listener per
 * channel for the whole process, one read per commit for the roles subscribed in that channel. Listing or reading the
 * inbox starts no watch: a role whose client never subscribes costs nothing after its read. Thread-safe.
 */
@Extension
public final class InboxResources implements ResourceProvider {

    /** The inbox URI template. */
    public static final String TEMPLATE = "mailbox://{channel}/inbox/{role}";

    private static final String MIME = "application/json";
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final CallerResolver callers;
    private final InboxWatches watches;

    @Inject
    InboxResources(CallerResolver callers, Transactions transactions, StatusReader status, ChangeSignals signals) {
        this.callers = callers;
        this.watches = new InboxWatches(transactions, status, signals);
    }

    /**
     * @param caller a role in a channel
     * @return its inbox URI
     */
    public static String uri(Caller caller) {
        return "mailbox://" + caller.channel() + "/inbox/" + caller.role();
    }

    /**
     * @return true for the owner (or an admin) and a channel role (ADR 20); {@link #read} still serves each only its
     *     own role's inbox
     */
    @Override
    public boolean servedTo(Principal caller) {
        return switch (caller.kind()) {
            case OWNER, ADMIN, CHANNEL_ROLE -> true;
            case VIEWER -> false;
        };
    }

    /** @return the stdio session's own inbox (the server's configured role), or nothing without a role */
    @Override
    public List<ResourceDescriptor> resources() {
        return resources(Principal.LOCAL_OWNER);
    }

    /** @return {@code caller}'s own inbox, or nothing when it has no role (the owner token, a viewer) */
    @Override
    public List<ResourceDescriptor> resources(Principal caller) {
        return caller(caller)
                .map(role -> List.of(new ResourceDescriptor(
                        uri(role),
                        "mailbox-inbox-" + role.role(),
                        "Mailbox of " + role.role(),
                        "What is actionable for " + role.role() + " in channel " + role.channel()
                                + "; subscribe to be told when something new arrives.",
                        MIME)))
                .orElse(List.of());
    }

    @Override
    public List<ResourceTemplateDescriptor> templates() {
        return List.of(new ResourceTemplateDescriptor(
                TEMPLATE,
                "mailbox-inbox",
                "A role's mailbox",
                "What is actionable for your role: the counters wait_for_mail wakes on, with their message ids. Only"
                        + " your own role's inbox can be read.",
                MIME));
    }

    @Override
    public Optional<List<ResourceContents>> read(String uri, Principal principal) {
        return caller(principal)
                .filter(caller -> uri(caller).equals(uri))
                .flatMap(watches::actionable)
                .map(ids -> List.of(new ResourceContents.TextContents(uri, MIME, render(uri, ids))));
    }

    /** Keeps the sink for {@link InboxWatches}; nothing is watched until a client subscribes. */
    @Override
    public void watch(ResourceUpdateSink sink) {
        watches.reportTo(sink);
    }

    /**
     * Watches the caller's own inbox while the subscription lasts; any other URI (another role's inbox, another
     * provider's resource) is not followed.
     */
    @Override
    public ResourceSubscription follow(String uri, Principal caller) {
        return caller(caller)
                .filter(own -> uri(own).equals(uri))
                .map(watches::follow)
                .orElse(ResourceSubscription.NONE);
    }

    private Optional<Caller> caller(Principal principal) {
        if (!callers.hasRole(principal)) {
            return Optional.empty();
        }
        return switch (callers.identify(principal)) {
            case Outcome.Done<Caller> done -> Optional.of(done.value());
            case Outcome.Refused<Caller> refused -> Optional.empty();
        };
    }

    private static String render(String uri, ActionableIds ids) {
        Map<String, Object> inbox = new LinkedHashMap<>();
        inbox.put("uri", uri);
        inbox.put("pending", ids.nonZeroCounts());
        Map<String, Object> byCounter = new LinkedHashMap<>();
        for (ActionableCounter counter : ActionableCounter.values()) {
            byCounter.put(counter.wire(), new TreeSet<>(ids.of(counter)));
        }
        inbox.put("ids", byCounter);
        inbox.put(
                "note",
                "fetch the items with read_inbox, open_obligations, awaiting_ack and channel_status; this resource only"
                        + " says what is waiting for you");
        return JSON.writeValueAsString(inbox);
    }
}
