package dev.switchboard.plugin.mailbox.pin;

import static dev.switchboard.plugin.mailbox.MailboxHarness.args;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import dev.switchboard.plugin.mailbox.MailboxHarness;
import dev.switchboard.plugin.mailbox.Proposals;
import dev.switchboard.ports.tool.ToolResult;

/**
 * A second server process for {@link ConcurrentRoundsTest}: the mailbox on the SQLite file in {@code args[0]} as role
 * {@code args[1]}. It prints {@code ready}, then for each pin key read from stdin sends a proposal on it to
 * {@code args[2]} and prints {@code ok} or the refusal's code.
 */
public final class ProposerProcess {

    private ProposerProcess() {}

    public static void main(String[] args) throws Exception {
        try (MailboxHarness session = MailboxHarness.open("sqlite", Path.of(args[0]), args[1]);
                BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
            System.out.println("ready");
            System.out.flush();
            for (String key = in.readLine(); key != null; key = in.readLine()) {
                ToolResult result =
                        session.call("send_message", Proposals.proc(args[2], key + " proposal", "b", key, null));
                System.out.println(
                        result instanceof ToolResult.Failure failure
                                ? failure.code().value()
                                : "ok");
                System.out.flush();
            }
        }
    }
}
