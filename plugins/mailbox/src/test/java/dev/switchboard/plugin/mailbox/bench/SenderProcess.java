package dev.switchboard.plugin.mailbox.bench;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;

import dev.switchboard.plugin.mailbox.MailboxHarness;

/**
 * The second server process of {@link MailboxBenchmark}'s two-process wake: the mailbox on the SQLite store in
 * {@code args[0]} as role {@code args[1]}. It prints {@code ready}; then, for each line read from stdin, sends a
 * message to {@code args[2]} and prints the wall-clock time its call returned (after the commit), in microseconds
 * since the epoch.
 */
public final class SenderProcess {

    private SenderProcess() {}

    public static void main(String[] args) throws Exception {
        try (MailboxHarness sender = MailboxHarness.open("sqlite", Path.of(args[0]), args[1]);
                BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
            System.out.println("ready");
            System.out.flush();
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                sender.send(args[2], "wake " + line, "x");
                System.out.println(MailboxBenchmark.micros(Instant.now()));
                System.out.flush();
            }
        }
    }
}
