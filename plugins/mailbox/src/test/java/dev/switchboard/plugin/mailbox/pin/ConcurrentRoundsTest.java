package dev.switchboard.plugin.mailbox.pin;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;

import dev.switchboard.plugin.mailbox.MailboxHarness;
import dev.switchboard.plugin.mailbox.Proposals;
import dev.switchboard.ports.tool.ToolResult;

@ParameterizedClass(name = "on {0}")
@ValueSource(strings = {"sqlite", "postgres"})
class ConcurrentRoundsTest {

    private static final int ROUNDS = 10;

    @Parameter
    String backend;

    @TempDir
    Path dir;

    @Test
    @DisplayName("two proposals on one pin key sent at once from two servers on one database: exactly one round opens")
    void onlyOneOfTwoConcurrentRoundsOpens() throws Exception {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            MailboxHarness backendRole = frontend.as("backend");
            for (int round = 0; round < ROUNDS; round++) {
                String key = "key-" + round;
                CyclicBarrier start = new CyclicBarrier(2);
                CompletableFuture<ToolResult> first =
                        CompletableFuture.supplyAsync(() -> propose(frontend, "backend", key, start));
                CompletableFuture<ToolResult> second =
                        CompletableFuture.supplyAsync(() -> propose(backendRole, "frontend", key, start));

                List<ToolResult> results = List.of(first.get(), second.get());

                assertThat(results)
                        .filteredOn(ToolResult.Success.class::isInstance)
                        .hasSize(1);
                assertThat(results)
                        .filteredOn(ToolResult.Failure.class::isInstance)
                        .singleElement()
                        .satisfies(failure -> assertThat(((ToolResult.Failure) failure).message())
                                .contains("#"));
            }
        }
    }

    private static ToolResult propose(MailboxHarness author, String to, String key, CyclicBarrier start) {
        try {
            start.await();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        return author.call("send_message", Proposals.proc(to, key + " proposal", "b", key, null));
    }
}
