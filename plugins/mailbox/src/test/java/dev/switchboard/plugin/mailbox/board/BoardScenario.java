package dev.switchboard.plugin.mailbox.board;

import static dev.switchboard.plugin.mailbox.MailboxHarness.args;

import java.util.Map;

import dev.switchboard.ports.call.Principal;

/**
 * The board's demonstration channel {@code proj}: four roles (lead, frontend, backend, qa), an open debt in each
 * role's court, a debt resolved and waiting for its author's confirmation, a pinned charter approved by a proposal
 * every other role agreed to, an open proposal missing votes, and a thread whose reply carries markup.
 *
 * @param board   the board
 * @param tokens  the role tokens
 * @param login   lead → frontend, untouched: frontend's court
 * @param api     frontend → backend, backend set needs_you: frontend's court
 * @param notes   qa → lead, lead set done_local: qa's court
 * @param plan    backend → qa, untouched: qa's court
 * @param schema  lead → backend, resolved by backend: waiting for lead's confirmation
 * @param charter the proposal that approved the charter pin
 * @param glossary the open proposal (one agree of three)
 * @param hostile frontend's reply to login whose body is markup
 */
record BoardScenario(
        Board board,
        Map<String, String> tokens,
        long login,
        long api,
        long notes,
        long plan,
        long schema,
        long charter,
        long glossary,
        long hostile) {

    static final String HOSTILE = "<script>document.title='owned'</script>\"><img src=x onerror=alert(1)>";

    static BoardScenario on(Board board) {
        Map<String, String> tokens = board.create("proj", "lead", "frontend", "backend", "qa");
        Principal lead = board.principal(tokens.get("lead"));
        Principal frontend = board.principal(tokens.get("frontend"));
        Principal backend = board.principal(tokens.get("backend"));
        Principal qa = board.principal(tokens.get("qa"));

        long login = debt(board, lead, "frontend", "login page", "build the login page");
        long api = debt(board, frontend, "backend", "session API", "which fields does /session return?");
        board.ok(backend, "set_work_status", args("message_id", api, "work_status", "needs_you"));
        long notes = debt(board, qa, "lead", "release notes", "write the release notes");
        board.ok(lead, "set_work_status", args("message_id", notes, "work_status", "done_local"));
        long plan = debt(board, backend, "qa", "test plan", "plan the load tests");
        long schema = debt(board, lead, "backend", "schema", "migrate the schema");
        board.ok(backend, "resolve_message", args("message_id", schema, "resolution_note", "migrated"));

        long charter = propose(board, lead, "charter", "the team charter");
        for (Principal voter : new Principal[] {frontend, backend, qa}) {
            board.ok(voter, "acknowledge", args("message_id", charter, "decision", "agree"));
        }
        board.ok(
                lead,
                "pin_set",
                args(
                        "key",
                        "charter",
                        "title",
                        "Team charter",
                        "version",
                        "1",
                        "body",
                        "We review every change.",
                        "approved_by",
                        charter));
        long glossary = propose(board, frontend, "glossary", "the glossary");
        board.ok(backend, "acknowledge", args("message_id", glossary, "decision", "agree"));

        long hostile = id(board.ok(
                frontend,
                "send_message",
                args("to", "lead", "topic", "re: login page", "body", HOSTILE, "reply_to", login)));
        return new BoardScenario(board, tokens, login, api, notes, plan, schema, charter, glossary, hostile);
    }

    private static long debt(Board board, Principal from, String to, String topic, String body) {
        return id(
                board.ok(from, "send_message", args("to", to, "topic", topic, "body", body, "action_required", true)));
    }

    private static long propose(Board board, Principal from, String key, String topic) {
        return id(board.ok(
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
                        "agree to pin " + key)));
    }

    private static long id(Map<String, Object> sent) {
        return ((Number) sent.get("id")).longValue();
    }
}
