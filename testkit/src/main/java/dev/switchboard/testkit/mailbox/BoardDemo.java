package dev.switchboard.testkit.mailbox;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The mailbox board's demonstration channel, one script for every test that shows a board (the mailbox plugin's
 * board pages on its test bed, the distribution's board over HTTP and in a browser). Four roles ({@link #ROLES}): an
 * open debt in each role's court, a debt resolved and waiting for its author's confirmation, a charter pinned with
 * the approval of a proposal every other role agreed to, an open proposal missing two votes, and a reply whose body
 * is markup ({@link #HOSTILE}). The channel itself (its name, its role tokens) is the caller's: the script only makes
 * tool calls, as each role, through a {@link Caller}, so it runs the same on a test bed and over MCP.
 *
 * @param login    lead → frontend, untouched: frontend's court
 * @param api      frontend → backend, backend set needs_you: frontend's court
 * @param notes    qa → lead, lead set done_local: qa's court
 * @param plan     backend → qa, untouched: qa's court
 * @param schema   lead → backend, resolved by backend: waiting for lead's confirmation
 * @param charter  the proposal that approved the charter pin (key {@code charter}, body {@link #CHARTER_BODY})
 * @param glossary the open proposal (one agree of three)
 * @param hostile  frontend's reply to login whose body is {@link #HOSTILE}
 */
public record BoardDemo(
        long login, long api, long notes, long plan, long schema, long charter, long glossary, long hostile) {

    /** The channel's roles, in the order a {@code create_channel} should name them. */
    public static final List<String> ROLES = List.of("lead", "frontend", "backend", "qa");

    /** A message body that would run script or inject an element if it were not escaped. */
    public static final String HOSTILE =
            "<script>document.title='owned'</script>\"><img src=x onerror=\"document.title='owned'\">";

    /** The pinned charter's body. */
    public static final String CHARTER_BODY = "We review every change before it lands.";

    /** Calls a channel tool as one of the {@link #ROLES}; a tool error fails the test. */
    @FunctionalInterface
    public interface Caller {

        /**
         * @param role      one of {@link #ROLES}
         * @param tool      the tool's name
         * @param arguments its arguments (a value may be {@code null})
         * @return the call's structured content
         */
        Map<String, Object> ok(String role, String tool, Map<String, Object> arguments);
    }

    /**
     * Fills a new channel whose roles are {@link #ROLES}, in one fixed order of calls.
     *
     * @param caller makes each call as its role
     * @return the ids of what was sent
     */
    public static BoardDemo fill(Caller caller) {
        long login = debt(caller, "lead", "frontend", "login page", "build the login page");
        long api = debt(caller, "frontend", "backend", "session API", "which fields does /session return?");
        caller.ok("backend", "set_work_status", args("message_id", api, "work_status", "needs_you"));
        long notes = debt(caller, "qa", "lead", "release notes", "write the release notes");
        caller.ok("lead", "set_work_status", args("message_id", notes, "work_status", "done_local"));
        long plan = debt(caller, "backend", "qa", "test plan", "plan the load tests");
        long schema = debt(caller, "lead", "backend", "schema", "migrate the schema");
        caller.ok("backend", "resolve_message", args("message_id", schema, "resolution_note", "migrated"));
        long charter = propose(caller, "lead", "charter", "the team charter", "agree to pin charter");
        for (String voter : List.of("frontend", "backend", "qa")) {
            caller.ok(voter, "acknowledge", args("message_id", charter, "decision", "agree"));
        }
        pinCharter(caller, "1", CHARTER_BODY, charter);
        long glossary = propose(caller, "frontend", "glossary", "the glossary", "agree to pin glossary");
        caller.ok("backend", "acknowledge", args("message_id", glossary, "decision", "agree"));
        long hostile = id(caller.ok(
                "frontend",
                "send_message",
                args("to", "lead", "topic", "re: login page", "body", HOSTILE, "reply_to", login)));
        return new BoardDemo(login, api, notes, plan, schema, charter, glossary, hostile);
    }

    private static long debt(Caller caller, String from, String to, String topic, String body) {
        return id(
                caller.ok(from, "send_message", args("to", to, "topic", topic, "body", body, "action_required", true)));
    }

    /** Sends a proposal to pin {@code key} to every role, every role a voter; returns its id. */
    static long propose(Caller caller, String from, String key, String topic, String body) {
        return id(caller.ok(
                from,
                "send_message",
                args(
                        "to",
                        "*",
                        "kind",
                        "proc",
                        "pin_key",
                        key,
                        "about_message_id",
                        null,
                        "voters",
                        "*",
                        "topic",
                        topic,
                        "body",
                        body)));
    }

    /** Sets the charter pin as lead, at a version, approved by a proposal. */
    static void pinCharter(Caller caller, String version, String body, long approvedBy) {
        caller.ok(
                "lead",
                "pin_set",
                args(
                        "key",
                        "charter",
                        "title",
                        "Team charter",
                        "version",
                        version,
                        "body",
                        body,
                        "approved_by",
                        approvedBy));
    }

    static long id(Map<String, Object> sent) {
        return ((Number) sent.get("id")).longValue();
    }

    static Map<String, Object> args(Object... keysAndValues) {
        Map<String, Object> arguments = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            arguments.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return arguments;
    }
}
