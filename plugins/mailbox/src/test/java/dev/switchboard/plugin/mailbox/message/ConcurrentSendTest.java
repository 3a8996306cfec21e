package dev.switchboard.plugin.mailbox.message;

import static dev.switchboard.plugin.mailbox.MailboxHarness.args;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;

import dev.switchboard.plugin.mailbox.MailboxHarness;
import dev.switchboard.plugin.mailbox.Proposals;
import dev.switchboard.ports.tool.ToolResult;

/**
 * Two servers on one database (each role's harness has its own storage, connections and writer, as two processes or
 * nodes would) writing at once, on both backends.
 */
@ParameterizedClass(name = "on {0}")
@ValueSource(strings = {"sqlite", "postgres"})
class ConcurrentSendTest {

    @Parameter
    String backend;

    @TempDir
    Path dir;

    @Test
    @DisplayName("3C.144 two servers each sending 100 messages at once store 200, with ids 1 to 200 and none lost")
    void concurrentSendersLoseNothing() throws Exception {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            MailboxHarness backendRole = frontend.as("backend");
            ExecutorService pool = Executors.newFixedThreadPool(2);
            try {
                List<Future<List<Long>>> senders = new ArrayList<>();
                for (MailboxHarness sender : List.of(frontend, backendRole)) {
                    String to = sender == frontend ? "backend" : "frontend";
                    senders.add(pool.submit(() -> {
                        List<Long> ids = new ArrayList<>();
                        for (int i = 0; i < 100; i++) {
                            ids.add(sender.send(to, "m" + i, "b"));
                        }
                        return ids;
                    }));
                }
                List<Long> all = new ArrayList<>();
                for (Future<List<Long>> sender : senders) {
                    all.addAll(sender.get());
                }
                assertThat(all).doesNotHaveDuplicates().hasSize(200);
                assertThat(all.stream().mapToLong(Long::longValue).max().orElseThrow())
                        .isEqualTo(200L);
                assertThat(MailboxHarness.ids(frontend.ok("list_messages", args("limit", 1000))))
                        .hasSize(200);
            } finally {
                pool.shutdownNow();
            }
        }
    }

    @Test
    @DisplayName("eight threads of one server sending at once (one channel's writes share group commits) store all,"
            + " with ids 1 to 160 and none lost")
    void concurrentSendsOfOneServerShareTransactionsAndLoseNothing() throws Exception {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            frontend.as("backend");
            ExecutorService pool = Executors.newFixedThreadPool(8);
            try {
                List<Callable<List<Long>>> senders = new ArrayList<>();
                for (int thread = 0; thread < 8; thread++) {
                    senders.add(() -> {
                        List<Long> ids = new ArrayList<>();
                        for (int i = 0; i < 20; i++) {
                            ids.add(frontend.send("backend", "m" + i, "b"));
                        }
                        return ids;
                    });
                }
                List<Long> all = new ArrayList<>();
                for (Future<List<Long>> sender : pool.invokeAll(senders)) {
                    all.addAll(sender.get());
                }
                assertThat(all).doesNotHaveDuplicates().hasSize(160);
                assertThat(all.stream().mapToLong(Long::longValue).max().orElseThrow())
                        .isEqualTo(160L);
                assertThat(MailboxHarness.ids(frontend.ok("list_messages", args("limit", 1000))))
                        .hasSize(160);
            } finally {
                pool.shutdownNow();
            }
        }
    }

    @Test
    @DisplayName("two proposals on one pin key sent at once from two servers: exactly one opens its round")
    void concurrentRoundsOnOneKeyCannotBothOpen() throws Exception {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            MailboxHarness backendRole = frontend.as("backend");
            frontend.send("backend", "hello", "b");
            ExecutorService pool = Executors.newFixedThreadPool(2);
            try {
                List<Callable<ToolResult>> proposals = new ArrayList<>();
                for (MailboxHarness sender : List.of(frontend, backendRole)) {
                    String to = sender == frontend ? "backend" : "frontend";
                    proposals.add(() ->
                            sender.call("send_message", Proposals.proc(to, "glossary change", "b", "glossary", null)));
                }
                List<ToolResult> results = new ArrayList<>();
                for (Future<ToolResult> result : pool.invokeAll(proposals)) {
                    results.add(result.get());
                }
                assertThat(results)
                        .filteredOn(ToolResult.Success.class::isInstance)
                        .hasSize(1);
                assertThat(results)
                        .filteredOn(ToolResult.Failure.class::isInstance)
                        .singleElement()
                        .satisfies(failure -> assertThat(
                                        ((ToolResult.Failure) failure).code().value())
                                .isEqualTo("CONFLICT"));
            } finally {
                pool.shutdownNow();
            }
        }
    }
}
