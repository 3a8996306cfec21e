package dev.switchboard.plugin.mailbox.channel.application;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.regex.Pattern;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.application.port.out.Channels;
import dev.switchboard.plugin.mailbox.channel.application.port.out.RoleStates;
import dev.switchboard.plugin.mailbox.channel.domain.Roles;
import dev.switchboard.plugin.mailbox.channel.domain.Timestamps;
import dev.switchboard.ports.call.LocalSession;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.plugin.InvalidSettingException;
import dev.switchboard.ports.plugin.PluginContext;
import dev.switchboard.ports.tool.ErrorCode;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.Refusal;
import dev.switchboard.ports.tool.ToolCall;

/**
 * Who calls: the caller's channel and role, from the server and never from the call's arguments.
 *
 * <ul>
 *   <li>A principal a transport resolved to a channel role ({@link Principal.Kind#CHANNEL_ROLE} with the attributes
 *       {@code channel} and {@code role}, and {@code channel_id} when the hosted registry resolved it: a role token)
 *       is that role in that hosted channel.</li>
 *   <li>The owner token over a network transport (an owner principal that is no
 *       {@linkplain Principal#isLocalOwner() local owner}) administers hosted channels and is no role in any: every
 *       mailbox tool refuses it (behaviour 129), and the configured stdio role does not apply to it.</li>
 *   <li>Otherwise (a local stdio session) the role is the setting {@value #ROLE_SETTING} (or its environment
 *       override {@code SWITCHBOARD_PLUGINS__MAILBOX__ROLE}), else the original's variable {@value #ROLE_ALIAS}; the
 *       channel is {@value #CHANNEL_SETTING} (default {@value #DEFAULT_CHANNEL}). Without a role every mailbox tool
 *       is refused, naming both ways to set one (behaviour 78). A local session whose configured channel is a
 *       hosted one is refused: a hosted channel's roles act with their role tokens.</li>
 *   <li>A local stdio session attached to a shared server ({@link Principal#attached}) is the same, read from its own
 *       session (ADR 32): {@value #ROLE_SETTING} and {@value #CHANNEL_SETTING} from its environment's
 *       {@code SWITCHBOARD_PLUGINS__MAILBOX__ROLE} and {@code SWITCHBOARD_PLUGINS__MAILBOX__CHANNEL} when set there
 *       ({@link PluginContext#settingsFor}), else the process's; {@value #ROLE_ALIAS} from its environment only. So
 *       each attached session is its own role, and one without a role sees no mailbox tool. What a session resolves
 *       to is kept per distinct session (at most {@value #SESSION_CACHE} of them, then forgotten all at once), so a
 *       call reads no environment. A session whose channel is no channel name is refused on every mailbox tool.</li>
 * </ul>
 *
 * <p>The channel's row is created on first use. Each resolved call records the role's presence
 * ({@code mailbox_role_state.last_seen}), at most once per {@link #PRESENCE_INTERVAL} per role in this process.
 * Thread-safe.
 */
@Singleton
public final class CallerResolver {

    /** The plugin setting that names the caller's role on stdio. */
    public static final String ROLE_SETTING = "plugins.mailbox.role";

    /** The plugin setting that names the local channel. */
    public static final String CHANNEL_SETTING = "plugins.mailbox.channel";

    /** The original's variable for the role, honoured as an alias of {@value #ROLE_SETTING}. */
    public static final String ROLE_ALIAS = "AI_AGENT_CHANNEL_ROLE";

    /** The local channel's name when none is configured. */
    public static final String DEFAULT_CHANNEL = "local";

    /** How a session gets a role, for refusals and for server_info's note on unlisted tools. */
    public static final String HOW_TO_SET_A_ROLE = "The mailbox tools are listed only to a session with a role: set "
            + ROLE_SETTING + " in the server's configuration, or SWITCHBOARD_PLUGINS__MAILBOX__ROLE or the original's "
            + ROLE_ALIAS + " in the environment of the MCP client's server entry, then restart the session.";

    /** What a role name is, for messages. */
    public static final String ROLE_RULE =
            "a letter or digit, then letters, digits, '_', '.' or '-'; at most 64 characters";

    /** The refusal of a mailbox tool called with the owner token (behaviour 129). */
    public static final String OWNER_IS_NO_ROLE = "the owner token administers hosted channels and is no role in any,"
            + " so no mailbox tool can act for it; nothing was done. Call this tool with a role token (create_channel"
            + " and add_role hand them out; rotate_token issues a fresh one).";

    /** The principal attribute the hosted registry sets to the channel's row id. */
    public static final String CHANNEL_ID_ATTRIBUTE = "channel_id";

    /** How stale a role's recorded presence may get while it keeps calling. */
    public static final Duration PRESENCE_INTERVAL = Duration.ofSeconds(5);

    /** How many distinct attached sessions' identities are kept before all are forgotten (a new one is read again). */
    static final int SESSION_CACHE = 256;

    private static final Pattern CHANNEL = LocalIdentity.CHANNEL;

    private final PluginContext context;
    /** The process's: the in-process session's, the hooks', and every caller's without a local session. */
    private final LocalIdentity process;
    /** Each attached session's own identity, by its directory and environment (equal sessions share one). */
    private final ConcurrentMap<LocalSession, LocalIdentity> sessions = new ConcurrentHashMap<>();

    private final Channels channels;
    private final RoleStates roleStates;
    private final Clock clock;
    private final ConcurrentMap<String, Long> channelIds = new ConcurrentHashMap<>();
    private final ConcurrentMap<String, Instant> lastTouched = new ConcurrentHashMap<>();
    /** Whether a local session's channel is hosted: fixed once the row exists (a name is never reused). */
    private final ConcurrentMap<Long, Boolean> localInHosted = new ConcurrentHashMap<>();

    /**
     * @throws InvalidSettingException if a {@code plugins.mailbox} key is unknown, or {@value #CHANNEL_SETTING} is not a slug ({@code ^[a-z0-9][a-z0-9_-]{0,63}$})
     */
    @Inject
    CallerResolver(
            PluginContext context, ConfiguredRole configured, Channels channels, RoleStates roleStates, Clock clock) {
        this.channels = channels;
        this.roleStates = roleStates;
        this.clock = clock;
        this.context = context;
        context.settings().requireKnownKeys(MailboxSettingKeys.ALL);
        String localChannel = context.settings().text(MailboxSettingKeys.CHANNEL, DEFAULT_CHANNEL);
        if (!CHANNEL.matcher(localChannel).matches()) {
            throw context.settings().invalid("channel", localChannel, "a channel name matching " + CHANNEL.pattern());
        }
        process = new LocalIdentity(configured, localChannel, Optional.empty());
    }

    /**
     * The caller of a tool call, recording its presence. The storable-text check ({@code StorableText}) runs before,
     * once for every tool of the plugin ({@code MailboxBaseTool}).
     *
     * @param call a mailbox tool's call
     * @return the caller; or FORBIDDEN when the session has no role (naming {@value #ROLE_SETTING} and
     *         {@value #ROLE_ALIAS}) or its configured role is not a role name
     */
    public Outcome<Caller> resolve(ToolCall call) {
        Instant now = clock.instant();
        return identify(call.principal(), now).then(caller -> {
            touch(caller, now);
            return Outcome.done(caller);
        });
    }

    /**
     * The caller without recording its presence: for reads that are not tool calls (a client listing or reading the
     * inbox resources at session start is not the role acting).
     *
     * @param principal the session's principal
     * @return the caller, or FORBIDDEN as {@link #resolve(ToolCall)}
     */
    public Outcome<Caller> identify(Principal principal) {
        return identify(principal, clock.instant());
    }

    private Outcome<Caller> identify(Principal principal, Instant now) {
        String channel;
        String role;
        if (isChannelRole(principal)) {
            channel = principal.attributes().get("channel");
            role = principal.attributes().get("role");
            String id = principal.attributes().get(CHANNEL_ID_ATTRIBUTE);
            if (id != null) {
                return Outcome.done(new Caller(Long.parseLong(id), channel, role, true));
            }
        } else if (isNetworkOwner(principal)) {
            return Outcome.refused(Refusal.of(ErrorCode.FORBIDDEN, OWNER_IS_NO_ROLE));
        } else {
            LocalIdentity local = local(principal);
            Optional<String> configured = local.role().value();
            if (configured.isEmpty()) {
                return Outcome.refused(Refusal.of(
                        ErrorCode.FORBIDDEN,
                        "this session has no mailbox role, so no mailbox tool can act for it; nothing was done. "
                                + HOW_TO_SET_A_ROLE));
            }
            Optional<String> malformed = malformedRole(local.role());
            if (malformed.isPresent()) {
                return Outcome.refused(Refusal.of(
                        ErrorCode.FORBIDDEN, malformed.get() + "; fix it and restart the session; nothing was done"));
            }
            if (local.channelProblem().isPresent()) {
                return Outcome.refused(
                        Refusal.of(ErrorCode.FORBIDDEN, local.channelProblem().get()));
            }
            channel = local.channel();
            role = configured.get();
        }
        return inChannel(principal, channel, role, now);
    }

    /**
     * @param principal a caller
     * @return for a local session (in-process or attached) whose configured role is set but is no role name, why: the
     *         role, the setting or variable it came from, and the rule; empty for every other caller
     */
    public Optional<String> roleProblem(Principal principal) {
        if (isChannelRole(principal) || isNetworkOwner(principal)) {
            return Optional.empty();
        }
        return malformedRole(local(principal).role());
    }

    private static Optional<String> malformedRole(ConfiguredRole role) {
        return role.value()
                .filter(value -> !Roles.isName(value))
                .map(value -> "the mailbox role '" + value + "' from " + role.source() + " is not a role name ("
                        + ROLE_RULE + ")");
    }

    /**
     * @param principal a caller that is no channel role nor network owner
     * @return the process's identity, or an attached session's own (made on its first call, then kept)
     */
    private LocalIdentity local(Principal principal) {
        Optional<LocalSession> session = principal.localSession();
        if (session.isEmpty()) {
            return process;
        }
        LocalIdentity known = sessions.get(session.get());
        if (known != null) {
            return known;
        }
        if (sessions.size() >= SESSION_CACHE) {
            sessions.clear();
        }
        LocalIdentity made =
                LocalIdentity.of(context.settingsFor(principal, MailboxSettingKeys.SESSION), session.get());
        LocalIdentity raced = sessions.putIfAbsent(session.get(), made);
        return raced != null ? raced : made;
    }

    /**
     * A role of the local channel, as the local hooks and status CLI ask for it: the given role, else the configured
     * one (as a stdio session's). The caller's presence is not recorded.
     *
     * @param role the role asked for ({@code --role}), or empty for the configured one
     * @return the caller; or FORBIDDEN when no role is given or configured, or it is not a role name, or the local
     *         channel is hosted
     */
    public Outcome<Caller> local(Optional<String> role) {
        return local(Principal.LOCAL_OWNER, role);
    }

    /**
     * A role of a local session's channel, as the local hooks and status CLI ask for it, for a process that asked a
     * shared server (ADR 41): as {@link #local(Optional)}, with the session's own role and channel
     * ({@link Principal#attached}) in place of the process's.
     *
     * @param session the asking process's principal: {@link Principal#LOCAL_OWNER} or an attached session's
     * @param role    the role asked for ({@code --role}), or empty for the session's configured one
     * @return the caller; or FORBIDDEN as {@link #local(Optional)}, or when the session's channel is no channel name
     */
    public Outcome<Caller> local(Principal session, Optional<String> role) {
        if (role.isEmpty()) {
            return identify(session);
        }
        LocalIdentity identity = local(session);
        if (identity.channelProblem().isPresent()) {
            return Outcome.refused(
                    Refusal.of(ErrorCode.FORBIDDEN, identity.channelProblem().get()));
        }
        if (!Roles.isName(role.get())) {
            return Outcome.refused(Refusal.of(
                    ErrorCode.FORBIDDEN,
                    "the mailbox role '" + role.get() + "' is not a role name (" + ROLE_RULE + ")"));
        }
        return inChannel(Principal.LOCAL_OWNER, identity.channel(), role.get(), clock.instant());
    }

    /**
     * @return the role configured for the process's local sessions ({@value #ROLE_SETTING}, else
     *         {@value #ROLE_ALIAS}), if any: the in-process session's, the hooks' and the status CLI's (an attached
     *         session's own is read from it by {@link #identify})
     */
    public Optional<String> configuredRole() {
        return process.role().value();
    }

    /**
     * @param session the process's principal ({@link Principal#LOCAL_OWNER}) or an attached session's
     * @return the role configured for that local session, if any (not checked to be a role name)
     */
    public Optional<String> configuredRole(Principal session) {
        return local(session).role().value();
    }

    private Outcome<Caller> inChannel(Principal principal, String channel, String role, Instant now) {
        long channelId = channelIds.computeIfAbsent(channel, name -> channels.ensure(name, Timestamps.format(now)));
        if (!isChannelRole(principal) && localInHosted.computeIfAbsent(channelId, channels::hosted)) {
            return Outcome.refused(Refusal.of(
                    ErrorCode.FORBIDDEN,
                    "the local channel '" + channel + "' from " + CHANNEL_SETTING + " is a hosted channel, whose roles"
                            + " act with their role tokens over HTTP; a local session cannot join it, and nothing was"
                            + " done. Set " + CHANNEL_SETTING + " to another name, or use a role token"));
        }
        return Outcome.done(new Caller(channelId, channel, role, isChannelRole(principal)));
    }

    /**
     * @param principal a caller
     * @return whether mailbox tools can act for it (it has a role): what decides whether they are listed to it
     */
    public boolean hasRole(Principal principal) {
        return isChannelRole(principal)
                || (!isNetworkOwner(principal)
                        && local(principal).role().value().filter(Roles::isName).isPresent());
    }

    /**
     * @param principal a caller
     * @return whether it is an owner principal other than a local stdio session's (in-process or attached): the owner
     *         token over HTTP
     */
    public static boolean isNetworkOwner(Principal principal) {
        return (principal.kind() == Principal.Kind.OWNER || principal.kind() == Principal.Kind.ADMIN)
                && !principal.isLocalOwner();
    }

    private static boolean isChannelRole(Principal principal) {
        return principal.kind() == Principal.Kind.CHANNEL_ROLE
                && principal.attributes().containsKey("channel")
                && principal.attributes().containsKey("role");
    }

    private void touch(Caller caller, Instant now) {
        String key = caller.channelId() + "/" + caller.role();
        Instant last = lastTouched.get(key);
        if (last == null || !now.isBefore(last.plus(PRESENCE_INTERVAL))) {
            lastTouched.put(key, now);
            roleStates.touch(caller.channelId(), caller.role(), Timestamps.format(now));
        }
    }

    // importer: the channel `switchboard mailbox import` writes by default, and the rule for a --channel name.

    /**
     * @return the process's local channel's name ({@value #CHANNEL_SETTING}, default {@value #DEFAULT_CHANNEL}): the
     *         in-process session's and the importer's (an attached session may name its own)
     */
    public String localChannel() {
        return process.channel();
    }

    /**
     * @param name a channel name
     * @return whether it is a slug a channel may have ({@code ^[a-z0-9][a-z0-9_-]{0,63}$})
     */
    public static boolean isChannelName(String name) {
        return CHANNEL.matcher(name).matches();
    }
}
