package dev.switchboard.plugin.mailbox.status.application;

import static dev.switchboard.plugin.mailbox.MailboxHarness.args;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.plugin.mailbox.MailboxHarness;
import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.ports.call.Cancellation;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.tool.Outcome;

/**
 * The held {@code /status} polls of one role woken by one send share one read of the answer, on a real SQLite store:
 * each still answers the send as pending, with its own {@code waited} and {@code wait_s}, in a map of its own.
 */
class StatusPollSharedAnswerTest {

    private static final int POLLS = 6;

    @TempDir
    Path dir;

    @Test
    void severalHeldPollsOfOneRoleWokenByOneSendEachAnswerItPendingInAnAnswerOfTheirOwn() throws Exception {
        try (MailboxHarness frontend = MailboxHarness.open("sqlite", dir, "frontend");
                ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            StatusPoll poll = frontend.injector().getInstance(StatusPoll.class);
            Caller caller = frontendCaller(frontend);
            List<CompletableFuture<Optional<Outcome<Map<String, Object>>>>> held = new ArrayList<>();
            for (int i = 0; i < POLLS; i++) {
                held.add(CompletableFuture.supplyAsync(() -> poll.poll(caller, 40, Cancellation.NONE), threads));
            }

            frontend.callAs(
                    new Principal(
                            "backend", Principal.Kind.CHANNEL_ROLE, Map.of("channel", "local", "role", "backend")),
                    "send_message",
                    args("to", "frontend", "topic", "wake", "body", "b"));

            List<Map<String, Object>> answers = new ArrayList<>();
            for (var each : held) {
                answers.add(each.get(20, TimeUnit.SECONDS)
                        .orElseThrow()
                        .orElse(refusal -> fail("refused: " + refusal.message())));
            }
            assertThat(answers).hasSize(POLLS).allSatisfy(answer -> {
                assertThat(answer).containsEntry("role", "frontend").containsEntry("channel", "local");
                assertThat(answer).containsEntry("wait_s", 40L);
                assertThat(answer.get("pending")).isEqualTo(Map.of("unread", 1));
                assertThat((double) answer.get("waited")).isLessThan(40.0);
                assertThat(List.copyOf(answer.keySet()).subList(answer.size() - 3, answer.size()))
                        .containsExactly("pending", "waited", "wait_s");
            });
            // each poll's answer is its own map: what one poll adds is not in another's
            answers.getFirst().put("mine", true);
            assertThat(answers.subList(1, POLLS))
                    .allSatisfy(answer -> assertThat(answer).doesNotContainKey("mine"));
        }
    }

    @Test
    void aPollWithNothingPendingAnswersAtItsDeadlineWithNothingPending() {
        try (MailboxHarness frontend = MailboxHarness.open("sqlite", dir, "frontend")) {
            StatusPoll poll = frontend.injector().getInstance(StatusPoll.class);

            Map<String, Object> answer = poll.poll(frontendCaller(frontend), 1, Cancellation.NONE)
                    .orElseThrow()
                    .orElse(refusal -> fail("refused: " + refusal.message()));

            assertThat(answer).containsEntry("wait_s", 1L).containsEntry("pending", Map.of());
            assertThat((double) answer.get("waited")).isGreaterThanOrEqualTo(1.0);
        }
    }

    private static Caller frontendCaller(MailboxHarness frontend) {
        frontend.ok("list_roles", Map.of());
        long channelId = frontend.storage().transaction(connection -> {
            try (var query =
                            connection.prepareStatement("SELECT channel_id FROM mailbox_channel WHERE name = 'local'");
                    var row = query.executeQuery()) {
                row.next();
                return row.getLong(1);
            }
        });
        return new Caller(channelId, "local", "frontend", false);
    }
}
