package dev.switchboard.plugin.mailbox.wait;

import static dev.switchboard.plugin.mailbox.MailboxHarness.args;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;

import dev.switchboard.plugin.mailbox.MailboxHarness;
import dev.switchboard.ports.call.Cancellation;
import dev.switchboard.ports.call.ClientRequests;
import dev.switchboard.ports.call.LogSink;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.call.ProgressReporter;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolResult;
import dev.switchboard.testkit.RecordingCall;
import dev.switchboard.testkit.ToolResults;

@ParameterizedClass(name = "on {0}")
@ValueSource(strings = {"sqlite", "postgres"})
class WaitTest {

    @Parameter
    String backend;

    @TempDir
    Path dir;

    /** A wait running on its own thread, with when it returned. */
    record Running(CompletableFuture<ToolResult> result, long[] returnedAt) {
        Map<String, Object> ok() throws Exception {
            return ToolResults.success(result.get(20, TimeUnit.SECONDS), "wait", Map.of())
                    .structuredContent();
        }
    }

    private static Running start(Supplier<ToolResult> call) {
        long[] returnedAt = new long[1];
        CompletableFuture<ToolResult> result = CompletableFuture.supplyAsync(() -> {
            ToolResult answer = call.get();
            returnedAt[0] = System.nanoTime();
            return answer;
        });
        return new Running(result, returnedAt);
    }

    /** Calls a tool on {@code bed}'s server as {@code role}, as a channel-role principal of one process would. */
    private static ToolResult callAs(MailboxHarness bed, String role, String tool, Map<String, Object> arguments) {
        Principal principal =
                new Principal(role, Principal.Kind.CHANNEL_ROLE, Map.of("channel", "local", "role", role));
        return bed.bed()
                .call(new ToolCall(
                        tool,
                        arguments,
                        principal,
                        "test",
                        Map.of(),
                        Cancellation.NONE,
                        ProgressReporter.NONE,
                        LogSink.NONE,
                        ClientRequests.NONE));
    }

    /** Rounds of a wake test: every one must be woken by its commit. */
    private static final int ROUNDS = 5;

    /**
     * A wait that, without a change signal, would check for mail only at its deadline ({@code poll_interval_s} is
     * longer than {@code timeout_s}), so returning long before the deadline means a commit's signal woke it. How
     * soon it wakes is a benchmark figure (docs/performance.md, wait_for_mail wake latency), not asserted here.
     */
    private static final Map<String, Object> UNPOLLED = args("timeout_s", 40, "poll_interval_s", 60);

    private static void settle() throws InterruptedException {
        Thread.sleep(300);
    }

    @Test
    @DisplayName("3C.125 timeout_s=1 with nothing new times out, retry true, the backlog in pending_at_entry")
    void nothingNewTimesOut() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            frontend.as("backend").send("frontend", "backlog", "old");
            long started = System.nanoTime();

            Map<String, Object> answer = frontend.ok("wait_for_mail", args("timeout_s", 1));

            assertThat(Duration.ofNanos(System.nanoTime() - started))
                    .isBetween(Duration.ofMillis(950), Duration.ofSeconds(5));
            assertThat(answer)
                    .containsEntry("timed_out", true)
                    .containsEntry("retry", true)
                    .containsEntry("waited_s", 1L)
                    .containsEntry("pending_at_entry", Map.of("unread", 1));
        }
    }

    @Test
    @DisplayName("3C.125 ignore_backlog=false returns at once when something is pending")
    void withoutIgnoringTheBacklog() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            frontend.as("backend").send("frontend", "backlog", "old");
            long started = System.nanoTime();

            Map<String, Object> answer = frontend.ok("wait_for_mail", args("timeout_s", 30, "ignore_backlog", false));

            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(2));
            assertThat(answer).containsEntry("timed_out", false).containsEntry("pending", Map.of("unread", 1));
        }
    }

    @Test
    @DisplayName("3C.125 timeout_s -1 or 3601 and poll_interval_s 0.05 or 61 are refused, naming the field")
    void bounds() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            for (String tool : new String[] {"wait_for_mail", "wait_for_reply"}) {
                Map<String, Object> base = tool.equals("wait_for_reply") ? args("message_id", 1) : args();
                for (Object timeout : new Object[] {-1, 3601}) {
                    Map<String, Object> arguments = new LinkedHashMap<>(base);
                    arguments.put("timeout_s", timeout);
                    assertThat(frontend.refused(tool, arguments, "INVALID_ARGUMENTS")
                                    .message())
                            .contains("timeout_s")
                            .contains("3600");
                }
                for (Object poll : new Object[] {0.05, 61}) {
                    Map<String, Object> arguments = new LinkedHashMap<>(base);
                    arguments.put("poll_interval_s", poll);
                    assertThat(frontend.refused(tool, arguments, "INVALID_ARGUMENTS")
                                    .message())
                            .contains("poll_interval_s")
                            .contains("60");
                }
            }
        }
    }

    @Test
    @DisplayName("3C.125 a new message wakes a wait although a backlog existed: a commit in the same process wakes it"
            + " (not its deadline's last check)")
    void aCommitInTheSameProcessWakesTheWait() throws Exception {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            callAs(frontend, "backend", "send_message", args("to", "frontend", "topic", "backlog", "body", "old"));
            for (int round = 0; round < ROUNDS; round++) {
                Running wait = start(() -> frontend.call("wait_for_mail", UNPOLLED));
                settle();
                callAs(frontend, "backend", "send_message", args("to", "frontend", "topic", "new", "body", "x"));
                long committed = System.nanoTime();

                Map<String, Object> answer = wait.ok();

                assertThat(answer).containsEntry("timed_out", false);
                assertThat(answer.get("pending")).isEqualTo(Map.of("unread", round + 2));
                assertWokenByTheCommit(wait, committed);
            }
        }
    }

    @Test
    @DisplayName("a commit by another server on the same database (another process or node) wakes the wait (not its"
            + " deadline's last check)")
    void aCommitOfAnotherServerWakesTheWait() throws Exception {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            MailboxHarness other = frontend.as("backend");
            for (int round = 0; round < ROUNDS; round++) {
                Running wait = start(() -> frontend.call("wait_for_mail", UNPOLLED));
                settle();
                other.send("frontend", "new " + round, "x");
                long committed = System.nanoTime();

                assertThat(wait.ok()).containsEntry("timed_out", false);
                assertWokenByTheCommit(wait, committed);
            }
        }
    }

    private static void assertWokenByTheCommit(Running wait, long committed) {
        assertThat(Duration.ofNanos(wait.returnedAt()[0] - committed))
                .as("the wait returned long before its 40 s deadline, so the commit woke it")
                .isLessThan(Duration.ofSeconds(20));
    }

    @Test
    @DisplayName("wait_for_mail wakes on a new id in a counter even when another item left it (the count stayed level)")
    void idsNotCounts() throws Exception {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            MailboxHarness backendRole = frontend.as("backend");
            long old = backendRole.send("frontend", "old", "x");
            Running wait = start(() -> frontend.call("wait_for_mail", args("timeout_s", 20)));
            settle();
            frontend.ok("mark_read", args("message_id", old));
            settle();
            assertThat(wait.result().isDone()).isFalse();

            backendRole.send("frontend", "new", "y");

            assertThat(wait.ok()).containsEntry("pending", Map.of("unread", 1));
        }
    }

    @Test
    @DisplayName("cancelling a wait ends it at once")
    void cancellationEndsTheWait() throws Exception {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            RecordingCall recording = RecordingCall.withoutClientCapabilities();
            Running wait = start(() -> frontend.bed().call(recording.call("wait_for_mail", args("timeout_s", 40))));
            settle();
            long cancelled = System.nanoTime();
            recording.cancel();

            ToolResult result = wait.result().get(5, TimeUnit.SECONDS);

            assertThat(result)
                    .isInstanceOfSatisfying(
                            ToolResult.Failure.class,
                            failure -> assertThat(failure.code().value()).isEqualTo("CANCELLED"));
            // At once: long before the wait's own 40 s (a busy host's scheduling may take a second or more).
            assertThat(Duration.ofNanos(wait.returnedAt()[0] - cancelled)).isLessThan(Duration.ofSeconds(10));
        }
    }

    @Test
    @DisplayName("3C.126 wait_for_reply: an unknown message is refused; a present unread reply returns at once")
    void aReplyThereReturnsAtOnce() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            MailboxHarness backendRole = frontend.as("backend");
            frontend.refused("wait_for_reply", args("message_id", 999_999), "NOT_FOUND");
            long question = frontend.send("backend", "q", "?");
            long reply = backendRole.send(args("to", "frontend", "topic", "a", "body", "!", "reply_to", question));
            long started = System.nanoTime();

            Map<String, Object> answer = frontend.ok("wait_for_reply", args("message_id", question, "timeout_s", 30));

            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(2));
            assertThat(answer)
                    .containsEntry("id", reply)
                    .containsEntry("reply_to", question)
                    .containsEntry("body", "!")
                    .containsKey("provenance");
        }
    }

    @Test
    @DisplayName("3C.126 a read reply is skipped unless include_read; after_id excludes replies up to it; a message"
            + " without reply_to never satisfies the wait")
    void whichRepliesCount() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            MailboxHarness backendRole = frontend.as("backend");
            long question = frontend.send("backend", "q", "?");
            long first = backendRole.send(args("to", "frontend", "topic", "a1", "body", "1", "reply_to", question));
            backendRole.send("frontend", "unrelated", "not a reply");
            frontend.ok("mark_read", args("message_id", first));

            assertThat(frontend.ok("wait_for_reply", args("message_id", question, "timeout_s", 0)))
                    .containsEntry("timed_out", true)
                    .containsEntry("retry", true);
            assertThat(frontend.ok(
                            "wait_for_reply", args("message_id", question, "timeout_s", 0, "include_read", true)))
                    .containsEntry("id", first);

            long second = backendRole.send(args("to", "frontend", "topic", "a2", "body", "2", "reply_to", question));
            assertThat(frontend.ok(
                            "wait_for_reply",
                            args("message_id", question, "timeout_s", 0, "include_read", true, "after_id", first)))
                    .containsEntry("id", second);
            assertThat(frontend.ok(
                            "wait_for_reply",
                            args("message_id", question, "timeout_s", 0, "include_read", true, "after_id", second)))
                    .containsEntry("timed_out", true);
        }
    }

    @Test
    @DisplayName("3C.126 wait_for_reply wakes when the reply is committed by another server")
    void aLateReplyWakesTheWait() throws Exception {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            MailboxHarness backendRole = frontend.as("backend");
            long question = frontend.send("backend", "q", "?");
            Running wait = start(() -> frontend.call("wait_for_reply", args("message_id", question, "timeout_s", 20)));
            settle();

            long reply = backendRole.send(args("to", "frontend", "topic", "a", "body", "!", "reply_to", question));

            assertThat(wait.ok()).containsEntry("id", reply);
        }
    }
}
