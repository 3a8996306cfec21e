package dev.switchboard.attach;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The human-readable form of one server's status answer: a line for the server (key, pid, build, uptime, transports,
 * draining) and one per attached session (pid, role, channel, working directory, since when). Stateless.
 */
final class StatusText {

    private StatusText() {}

    /**
     * @param key     the server's key
     * @param members the status answer's members ({@code server}, {@code sessions})
     * @return the lines, each ending with a line end
     */
    static String of(String key, Map<String, Object> members) {
        Map<?, ?> server = members.get("server") instanceof Map<?, ?> map ? map : Map.of();
        List<?> sessions = members.get("sessions") instanceof List<?> list ? list : List.of();
        StringBuilder text = new StringBuilder("  ").append(key);
        text.append("  pid ").append(value(server.get("pid"), members.get("pid")));
        text.append("  build ").append(value(server.get("build"), members.get("build")));
        if (server.get("uptime_s") instanceof Number uptime) {
            text.append("  up ").append(duration(uptime.longValue()));
        }
        if (server.get("transports") instanceof List<?> transports) {
            text.append("  transports ")
                    .append(String.join(
                            ",", transports.stream().map(String::valueOf).toList()));
        }
        text.append("  ").append(sessions.size()).append(sessions.size() == 1 ? " session" : " sessions");
        if (Boolean.TRUE.equals(server.get("draining"))) {
            text.append("  draining");
        }
        text.append('\n');
        for (Object item : sessions) {
            Map<?, ?> session = item instanceof Map<?, ?> map ? map : Map.of();
            text.append("    session ").append(value(session.get("id"), "?"));
            text.append("  pid ").append(value(session.get("pid"), "?"));
            text.append("  role ").append(value(session.get("role"), "-"));
            text.append("  channel ").append(value(session.get("channel"), "-"));
            text.append("  cwd ").append(value(session.get("cwd"), "?"));
            if (session.get("attached_at") != null) {
                text.append("  since ").append(session.get("attached_at"));
            }
            text.append('\n');
        }
        return text.toString();
    }

    private static String value(Object value, Object fallback) {
        return String.valueOf(value == null || String.valueOf(value).isEmpty() ? fallback : value);
    }

    /**
     * @param seconds a duration in seconds
     * @return it as {@code 1d 2h 3m}, {@code 2h 3m}, {@code 3m 4s} or {@code 4s}
     */
    static String duration(long seconds) {
        Duration d = Duration.ofSeconds(seconds);
        if (d.toDays() > 0) {
            return d.toDays() + "d " + d.toHoursPart() + "h " + d.toMinutesPart() + "m";
        }
        if (d.toHours() > 0) {
            return d.toHours() + "h " + d.toMinutesPart() + "m";
        }
        if (d.toMinutes() > 0) {
            return d.toMinutes() + "m " + d.toSecondsPart() + "s";
        }
        return d.toSeconds() + "s";
    }
}
