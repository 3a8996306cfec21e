package dev.switchboard.plugin.transport.stdio;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongSupplier;

/**
 * The lines the attach transport answers with: {@code {"attach":1,"ok":true,"pid":N,"build":"..."}}, and for
 * {@code status} the same with {@code "server":{pid, build, started_at, uptime_s, key, transports, draining, shared,
 * commands_answered}} (the commands answered for local processes, ADR 41) and
 * {@code "sessions":[{id, pid, cwd, role, channel, attached_at, settings}]}. A session's {@code settings} are the
 * declared session variables its environment sets ({@code attach.session-variables}); {@code role} and
 * {@code channel} are the mailbox's, for the operator. Times are ISO-8601 UTC. Thread-safe.
 */
final class AttachStatus {

    /** The mailbox's role as a session sets it, first the setting's variable, then the agent-channel one. */
    private static final List<String> ROLE_VARIABLES =
            List.of("SWITCHBOARD_PLUGINS__MAILBOX__ROLE", "AI_AGENT_CHANNEL_ROLE");
    /** The mailbox's channel as a session sets it. */
    private static final String CHANNEL_VARIABLE = "SWITCHBOARD_PLUGINS__MAILBOX__CHANNEL";

    private final AttachSettings settings;
    private final AttachedSessions sessions;
    private final LongSupplier commandsAnswered;
    private final Instant startedAt = Instant.now();
    private final Set<String> shownVariables = new LinkedHashSet<>();

    AttachStatus(AttachSettings settings, AttachedSessions sessions, LongSupplier commandsAnswered) {
        this.settings = settings;
        this.sessions = sessions;
        this.commandsAnswered = commandsAnswered;
        shownVariables.addAll(settings.sessionVariables());
        shownVariables.addAll(ROLE_VARIABLES);
        shownVariables.add(CHANNEL_VARIABLE);
    }

    /** @return the ok line's members */
    Map<String, Object> ok() {
        Map<String, Object> frame = new LinkedHashMap<>();
        frame.put("attach", AttachHello.VERSION);
        frame.put("ok", true);
        frame.put("pid", ProcessHandle.current().pid());
        frame.put("build", settings.build());
        return frame;
    }

    /** @return the {@code status} answer's members */
    Map<String, Object> frame() {
        Map<String, Object> server = new LinkedHashMap<>();
        server.put("pid", ProcessHandle.current().pid());
        server.put("build", settings.build());
        server.put("started_at", startedAt.toString());
        server.put("uptime_s", Duration.between(startedAt, Instant.now()).toSeconds());
        server.put("key", settings.key());
        server.put("transports", settings.transports());
        server.put("draining", sessions.draining());
        server.put("shared", settings.shared());
        server.put("commands_answered", commandsAnswered.getAsLong());
        List<Map<String, Object>> list = new ArrayList<>();
        for (AttachedSessions.Entry entry : sessions.list()) {
            Map<String, Object> session = new LinkedHashMap<>();
            session.put("id", entry.id());
            session.put("pid", entry.pid());
            session.put("cwd", entry.cwd());
            session.put(
                    "role",
                    ROLE_VARIABLES.stream()
                            .map(entry.shown()::get)
                            .filter(v -> v != null && !v.isBlank())
                            .findFirst()
                            .orElse(null));
            session.put("channel", entry.shown().get(CHANNEL_VARIABLE));
            session.put("attached_at", entry.attachedAt().toString());
            session.put("settings", new java.util.TreeMap<>(entry.shown()));
            list.add(session);
        }
        Map<String, Object> frame = ok();
        frame.put("server", server);
        frame.put("sessions", list);
        return frame;
    }

    /**
     * @param environment a session's environment
     * @return the shown variables it sets
     */
    Map<String, String> shown(Map<String, String> environment) {
        Map<String, String> shown = new LinkedHashMap<>();
        for (String name : shownVariables) {
            String value = environment.get(name);
            if (value != null) {
                shown.put(name, value);
            }
        }
        return shown;
    }
}
