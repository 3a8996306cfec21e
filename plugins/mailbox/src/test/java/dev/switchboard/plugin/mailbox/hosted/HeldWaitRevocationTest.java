package dev.switchboard.plugin.mailbox.hosted;

import static dev.switchboard.plugin.mailbox.MailboxHarness.args;
import static dev.switchboard.plugin.mailbox.hosted.Hosted.OWNER;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;

import dev.switchboard.plugin.mailbox.MailboxHarness;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.tool.ToolResult;
import dev.switchboard.testkit.ToolResults;

/**
 * A role token's held wait ends as soon as the token dies, as {@code /status?wait} does: a
 * {@code wait_for_mail} across {@code rotate_token} of its role, a {@code wait_for_reply} across
 * {@code delete_channel}, each answering FORBIDDEN long before its 50 s deadline; another role's rotation does not end
 * it. On both backends (the revocation's signal is published in the revoking transaction).
 */
@ParameterizedClass(name = "on {0}")
@ValueSource(strings = {"sqlite", "postgres"})
class HeldWaitRevocationTest {

    /** Far below the waits' 50 s: the wait ended on the revocation, not at its deadline. */
    private static final Duration AT_ONCE = Duration.ofSeconds(10);

    @Parameter
    String backend;

    @TempDir
    Path dir;

    @Test
    @DisplayName("a wait_for_mail held across rotate_token of its role answers FORBIDDEN at once; another role's"
            + " rotation leaves it waiting")
    void aWaitForMailEndsWhenItsTokenIsRotated() throws Exception {
        try (MailboxHarness harness = MailboxHarness.open(backend, dir, "local-role")) {
            Hosted hosted = new Hosted(harness);
            Map<String, String> tokens = hosted.create("held", "lead", "dev");
            Principal dev = hosted.principal(tokens.get("dev"));
            CompletableFuture<ToolResult> held =
                    CompletableFuture.supplyAsync(() -> hosted.call(dev, "wait_for_mail", args("timeout_s", 50)));
            awaitHeld(held);

            hosted.ok(OWNER, "rotate_token", args("channel", "held", "role", "lead"));
            awaitHeld(held);
            long rotated = System.nanoTime();
            hosted.ok(OWNER, "rotate_token", args("channel", "held", "role", "dev"));

            ToolResult answer = held.get(AT_ONCE.toSeconds(), TimeUnit.SECONDS);
            assertThat(Duration.ofNanos(System.nanoTime() - rotated)).isLessThan(AT_ONCE);
            assertThat(ToolResults.failure(answer, "wait_for_mail", Map.of(), "FORBIDDEN")
                            .message())
                    .contains("rotated or revoked");
        }
    }

    @Test
    @DisplayName("a wait_for_reply held across delete_channel answers FORBIDDEN at once")
    void aWaitForReplyEndsWhenItsChannelIsDeleted() throws Exception {
        try (MailboxHarness harness = MailboxHarness.open(backend, dir, "local-role")) {
            Hosted hosted = new Hosted(harness);
            Map<String, String> tokens = hosted.create("gone", "lead", "dev");
            Principal dev = hosted.principal(tokens.get("dev"));
            Number id = (Number) hosted.ok(dev, "send_message", args("to", "lead", "topic", "q", "body", "question?"))
                    .get("id");
            CompletableFuture<ToolResult> held = CompletableFuture.supplyAsync(
                    () -> hosted.call(dev, "wait_for_reply", args("message_id", id.longValue(), "timeout_s", 50)));
            awaitHeld(held);

            long deleted = System.nanoTime();
            hosted.ok(OWNER, "delete_channel", args("name", "gone"));

            ToolResult answer = held.get(AT_ONCE.toSeconds(), TimeUnit.SECONDS);
            assertThat(Duration.ofNanos(System.nanoTime() - deleted)).isLessThan(AT_ONCE);
            ToolResults.failure(answer, "wait_for_reply", Map.of(), "FORBIDDEN");
        }
    }

    /** The wait is still running a moment later (it would answer at once if it had nothing to wait for). */
    private static void awaitHeld(CompletableFuture<ToolResult> held) throws Exception {
        try {
            ToolResult early = held.get(300, TimeUnit.MILLISECONDS);
            throw new AssertionError("the wait was answered instead of held: " + early);
        } catch (TimeoutException stillHeld) {
            // held, as it should be
        }
    }
}
