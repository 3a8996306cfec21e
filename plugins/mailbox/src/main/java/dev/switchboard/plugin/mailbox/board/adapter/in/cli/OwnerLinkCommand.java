package dev.switchboard.plugin.mailbox.board.adapter.in.cli;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.pf4j.Extension;

import tools.jackson.databind.json.JsonMapper;

import dev.switchboard.plugin.mailbox.board.application.OwnerBoardAccess;
import dev.switchboard.ports.cli.Subcommand;
import dev.switchboard.ports.cli.SubcommandCall;
import dev.switchboard.ports.cli.SubcommandOption;
import dev.switchboard.ports.cli.SubcommandUsageException;

/**
 * {@code switchboard mailbox owner-link [--end-sessions] [--json]}: the server's owner (whoever runs the command on
 * the store, as for every {@code mailbox} command) mints an owner board link (ADR 69): a URL that, opened once within
 * 300 s in a browser, signs that browser in to the owner's index ({@link OwnerBoardAccess}). With
 * {@code --end-sessions} it instead ends every owner board session. Exit statuses: 0 done; 1 the store failed; 2 the
 * command line is wrong, or no server has used the store (it is not created). Stateless; built before the storage opens.
 */
@Extension
public final class OwnerLinkCommand implements Subcommand {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Override
    public List<String> path() {
        return List.of("mailbox", "owner-link");
    }

    @Override
    public String summary() {
        return "Print a one-use link (300 s) that opens the owner's board index in a browser.";
    }

    @Override
    public String footer() {
        return "The link signs a browser in as the server's owner: the index of every channel and feature, and the"
                + " Abort of running workspace commands. It works once, within 300 seconds; the session it opens lasts"
                + " 7 days (an HttpOnly, SameSite=Strict cookie on /board). Without plugins.mailbox.public-url the link"
                + " is a path: put the server's address before it. --end-sessions instead ends every owner session and cancels every link not yet opened."
                + " Give the --state-dir (or storage settings) the server uses: a store no server has used is refused,"
                + " not created. Exit 0 done; 1 failed; 2 usage, or no such store.";
    }

    @Override
    public List<SubcommandOption> options() {
        return List.of(
                SubcommandOption.flag(
                        "end-sessions",
                        "End every owner board session, and cancel unopened links, instead of making a link."),
                SubcommandOption.flag("json", "Print the result as one JSON object."));
    }

    @Override
    public void checkUsage(SubcommandCall call) {
        if (!call.arguments().isEmpty()) {
            throw new SubcommandUsageException(
                    "expected no arguments, got " + call.arguments().size());
        }
    }

    /**
     * The link works only on a server of this store, so a store no server has used (a wrong or missing
     * {@code --state-dir}) is refused, not created.
     */
    @Override
    public Start start(SubcommandCall call) {
        return Start.PLUGIN_ON_EXISTING_STORE;
    }

    @Override
    public int run(SubcommandCall call) {
        checkUsage(call);
        OwnerBoardAccess owners = call.service(OwnerBoardAccess.class);
        Map<String, Object> json = new LinkedHashMap<>();
        if (call.flag("end-sessions")) {
            int ended = owners.endSessions();
            json.put("ended_sessions", ended);
            print(call, json, "ended " + ended + " owner board session(s); open a new owner link to sign in again");
            return DONE;
        }
        OwnerBoardAccess.Link link = owners.mint("cli");
        json.put("url", link.url());
        json.put("expires_in_s", link.expiresIn());
        print(call, json, link.url());
        if (!call.flag("json")) {
            // advice on stderr, so that $(switchboard mailbox owner-link) is the link alone
            call.err()
                    .println("Open it in a browser within " + link.expiresIn() + " s; it works once."
                            + (link.relative()
                                    ? " It is a path: put the server's address before it (or set"
                                            + " plugins.mailbox.public-url)."
                                    : ""));
        }
        return DONE;
    }

    private static void print(SubcommandCall call, Map<String, Object> json, String text) {
        call.out().println(call.flag("json") ? JSON.writeValueAsString(json) : text);
    }
}
